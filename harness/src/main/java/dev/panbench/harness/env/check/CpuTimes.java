package dev.panbench.harness.env.check;

/**
 * The first ({@code cpu}) line of {@code /proc/stat}: time in clock ticks that all CPUs together spent busy, idle
 * (idle and iowait) and stolen by the hypervisor (the 8th field; a VM whose host runs others' work shows it), and the
 * number of CPUs ({@code cpuN} lines). See proc(5).
 */
public record CpuTimes(long busy, long idle, long steal, int cpus) {

    /** The reading of {@code /proc/stat}'s text, or null when it has no {@code cpu} line. */
    public static CpuTimes parse(String stat) {
        if (stat == null) {
            return null;
        }
        CpuTimes total = null;
        int cpus = 0;
        for (String line : stat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("cpu") && f.length >= 5) {
                long[] v = new long[Math.min(f.length - 1, 8)];
                try {
                    for (int i = 0; i < v.length; i++) {
                        v[i] = Long.parseLong(f[i + 1]);
                    }
                } catch (NumberFormatException e) {
                    return null;
                }
                // user nice system idle iowait irq softirq steal
                long idle = v[3] + (v.length > 4 ? v[4] : 0);
                long busy = v[0] + v[1] + v[2] + (v.length > 5 ? v[5] : 0) + (v.length > 6 ? v[6] : 0);
                total = new CpuTimes(busy, idle, v.length > 7 ? v[7] : -1, 0);
            } else if (f[0].matches("cpu\\d+")) {
                cpus++;
            }
        }
        return total == null ? null : new CpuTimes(total.busy, total.idle, total.steal, cpus);
    }

    /** All ticks counted, stolen ones included. */
    public long total() {
        return busy + idle + Math.max(steal, 0);
    }
}
