package dev.panbench.harness.catalog;

/**
 * A cosine learning-rate schedule in closed form, as PyTorch's {@code CosineAnnealingLR} states it:
 * {@code lr(t) = floor + (peak - floor) (1 + cos(pi t / steps)) / 2}, so {@code lr(0)} is the peak and
 * {@code lr(steps)} the floor. Computed in float64; a backend takes the value, never its own evaluation.
 *
 * @param peak  the learning rate at step 0 ({@code lr} of the optimizer)
 * @param floor the learning rate at the last step ({@code eta_min})
 * @param steps the schedule's length ({@code T_max})
 */
public record CosineSchedule(double peak, double floor, long steps) {

    public CosineSchedule {
        if (steps < 1 || !(peak >= floor) || floor < 0) {
            throw new IllegalArgumentException("cosine schedule needs steps >= 1 and peak >= floor >= 0");
        }
    }

    /** The learning rate at {@code step}, 0 to {@code steps}. */
    public double lr(long step) {
        if (step < 0 || step > steps) {
            throw new IllegalArgumentException("step " + step + " outside the schedule's 0.." + steps);
        }
        return floor + (peak - floor) * (1 + Math.cos(Math.PI * step / steps)) / 2;
    }
}
