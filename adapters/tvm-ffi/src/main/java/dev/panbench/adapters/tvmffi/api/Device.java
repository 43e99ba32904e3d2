package dev.panbench.adapters.tvmffi.api;

/** A {@code DLDevice}: kind and ordinal. */
public record Device(DeviceType type, int id) {

    public Device {
        if (id < 0) {
            throw new IllegalArgumentException("device id must be >= 0: " + id);
        }
    }

    public static Device cpu() {
        return new Device(DeviceType.CPU, 0);
    }

    public static Device cuda(int id) {
        return new Device(DeviceType.CUDA, id);
    }

    public static Device opencl(int id) {
        return new Device(DeviceType.OPENCL, id);
    }

    public static Device vulkan(int id) {
        return new Device(DeviceType.VULKAN, id);
    }

    public static Device metal(int id) {
        return new Device(DeviceType.METAL, id);
    }

    public static Device rocm(int id) {
        return new Device(DeviceType.ROCM, id);
    }

    @Override
    public String toString() {
        return type.name().toLowerCase(java.util.Locale.ROOT) + ":" + id;
    }
}
