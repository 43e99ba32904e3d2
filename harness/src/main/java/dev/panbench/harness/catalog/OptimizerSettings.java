package dev.panbench.harness.catalog;

/**
 * The fixed settings of one optimizer step, part of the workload and never a parameter: the step number, the
 * schedule that gives its learning rate, and the rule's coefficients. Every backend takes these values (the Python
 * rows get them as arguments), so none restates a number.
 *
 * @param schedule    the learning rate schedule; the step's rate is {@link #lr()}
 * @param step        the step this one is (1-based, as {@code torch.optim}'s {@code state["step"]} after it): AdamW's
 *                    bias corrections use it, and the schedule is read at it
 * @param beta1       AdamW's first-moment decay ({@code betas[0]}); 0 for SGD
 * @param beta2       AdamW's second-moment decay ({@code betas[1]}); 0 for SGD
 * @param eps         AdamW's denominator term, added after the bias correction; 0 for SGD
 * @param weightDecay AdamW's decoupled decay ({@code p -= lr wd p}), SGD's L2 term ({@code g += wd p})
 * @param momentum    SGD's momentum ({@code mu}, dampening 0, not Nesterov); 0 for AdamW
 */
public record OptimizerSettings(CosineSchedule schedule, long step, double beta1, double beta2, double eps,
                                double weightDecay, double momentum) {

    /** The learning rate of this step, from the schedule in float64. */
    public double lr() {
        return schedule.lr(step);
    }

    /** AdamW's {@code 1 - beta1^step}. */
    public double biasCorrection1() {
        return 1 - Math.pow(beta1, step);
    }

    /** AdamW's {@code 1 - beta2^step}. */
    public double biasCorrection2() {
        return 1 - Math.pow(beta2, step);
    }
}
