package dev.panbench.adapters.gpu.workloads;

import dev.panbench.adapters.gpu.device.DeviceMemory;
import dev.panbench.adapters.gpu.device.GpuKernel;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.VerificationException;

/** {@code binary/add}: {@code c = a + b} over {@code size} floats, one work item per element. */
final class BinaryAdd extends GpuWorkload {

    static final int GROUP = 256;
    private int n;
    private float[] a;
    private float[] b;
    private DeviceMemory c;
    private GpuKernel kernel;
    private long[] global;
    private final long[] local = {GROUP};

    BinaryAdd(DeviceOpener opener) {
        super(opener);
    }

    @Override
    void prepare(Params params) {
        n = Inputs.elements(params.get("size"));
        a = Inputs.floats(n, 1, -1f, 1f);
        b = Inputs.floats(n, 2, -1f, 1f);
        DeviceMemory da = upload(a);
        DeviceMemory db = upload(b);
        c = allocate(4L * n);
        kernel = keep(keep(device.program("elementwise")).kernel("add_f32")).arg(0, da).arg(1, db).arg(2, c).arg(3, n);
        global = new long[] {roundUp(n, GROUP)};
    }

    @Override
    void enqueue() {
        device.launch(kernel, global, local);
    }

    @Override
    void check() throws VerificationException {
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            expected[i] = a[i] + b[i];
        }
        Check.close("binary/add", expected, download(c, n), 0, 0);
        a = null;
        b = null;
    }
}
