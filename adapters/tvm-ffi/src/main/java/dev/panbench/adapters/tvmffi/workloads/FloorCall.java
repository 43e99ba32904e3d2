package dev.panbench.adapters.tvmffi.workloads;

import dev.panbench.adapters.tvmffi.abi.FloorAbi;
import dev.panbench.adapters.tvmffi.api.CallFrame;

/**
 * The C floor for one call shape: {@code panbench_call_loop} calling the frame's function with the frame's very
 * argument slots, {@code batch} times, leaving the last result in the frame's result slot.
 */
final class FloorCall {

    private final FloorAbi floor;
    private final CallFrame frame;
    private final int batch;
    private final boolean expectError;

    FloorCall(FloorAbi floor, CallFrame frame, int batch, boolean expectError) {
        this.floor = floor;
        this.frame = frame;
        this.batch = batch;
        this.expectError = expectError;
    }

    /** Runs {@code n} calls; the last result stays in the frame. */
    void loop(long n) {
        frame.clearResult();
        long status = floor.callLoop(frame.functionHandle(), frame.argumentsAddress(), frame.numArgs(), n,
                expectError, frame.resultAddress());
        Shared.checkLoop(status, "call loop");
    }

    void run() {
        loop(batch);
    }
}
