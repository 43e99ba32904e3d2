package dev.panbench.adapters.gpu.workloads;

import java.util.List;

/**
 * The default parameter values of one GPU adapter: the ids are the same on OpenCL and CUDA, the sizes are not (a
 * CPU OpenCL device in CI wants small ones, an H100 the large ones its ceilings are quoted for).
 */
public record GpuDefaults(List<String> copySizes, List<String> elementSizes, List<String> softmaxShapes,
                          List<String> gemmSizes, List<String> gemmImpls, List<String> d2dSizes,
                          List<String> peakItems, List<String> peakIters) {

    /** Sizes PoCL's CPU device runs in seconds on two cores (naive SGEMM at 1024 takes ~10 s there). */
    public static final GpuDefaults OPENCL = new GpuDefaults(List.of("1048576", "16777216"),
            List.of("1048576", "16777216"), List.of("1024x1024"), List.of("256", "512"),
            List.of("naive", "tiled"), List.of("16777216"), List.of("8192"), List.of("4096"));

    /** Sizes for a data-centre GPU: 256 Mi floats (1 GiB per array) for bandwidth, SGEMM up to 8192. */
    public static final GpuDefaults CUDA = new GpuDefaults(List.of("1048576", "67108864"),
            List.of("1048576", "268435456"), List.of("1024x1024", "8192x8192"), List.of("1024", "8192"),
            List.of("naive", "tiled", "cublas"), List.of("268435456"), List.of("1048576"), List.of("4096"));
}
