package dev.panbench.adapters.onnxruntime.workloads;

import java.io.IOException;

/** A cached model file ONNX Runtime cannot load, or one holding another model; the message names the file. */
public final class BadModelFileException extends IOException {

    public BadModelFileException(String message) {
        super(message);
    }
}
