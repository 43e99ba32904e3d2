package dev.panbench.adapters.cpusimd.workloads;

import dev.panbench.adapters.cpusimd.kernels.OptimizerSteps;
import dev.panbench.harness.catalog.Catalog;
import dev.panbench.harness.catalog.OptimizerSettings;
import dev.panbench.harness.catalog.OptimizerStepEntry;
import dev.panbench.harness.catalog.Problem;
import dev.panbench.harness.spi.Params;
import dev.panbench.harness.spi.WorkloadSpec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code optim/adamw} and {@code optim/sgd-momentum}, the catalog's optimizer steps: {@code impl=simd} (one fused
 * Vector API pass), {@code scalar}, and the numpy and torch rows of {@code cpusimd_frameworks.py}. Each row steps
 * its own copy of the catalog's state; setup's verification checks the first step, and the timed calls step on from
 * there (the catalog entry says why the state is not reset).
 */
final class OptimizerWorkloads {

    private OptimizerWorkloads() {
    }

    static List<WorkloadSpec> specs() {
        return List.of(row(Catalog.OPTIM_ADAMW), row(Catalog.OPTIM_SGD_MOMENTUM));
    }

    private static WorkloadSpec row(OptimizerStepEntry entry) {
        return entry.spec().role(Impl.role(entry)).param("impl", "scalar", "simd", "numpy", "torch")
                .availability(Impl::availability)
                .factory(() -> new KernelWorkload(p -> step(entry, p))).build();
    }

    /** The settings as the Python rows take them; they compute nothing from the schedule themselves. */
    static Map<String, Object> driverArgs(OptimizerSettings s) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("lr", s.lr());
        a.put("step", s.step());
        a.put("beta1", s.beta1());
        a.put("beta2", s.beta2());
        a.put("eps", s.eps());
        a.put("weight_decay", s.weightDecay());
        a.put("momentum", s.momentum());
        return a;
    }

    private static Case step(OptimizerStepEntry entry, Params p) {
        Problem problem = entry.problem(p);
        Impl impl = Impl.of(p);
        if (impl.framework()) {
            float[] out = new float[problem.outputLength()];
            FrameworkCall fw = FrameworkCall.of(p, "optim." + entry.rule().id(), driverArgs(entry.settings()),
                    problem);
            return new Case(fw.into(out), Case.checks(problem, p, out)).with(fw);
        }
        if (impl != Impl.SIMD && impl != Impl.SCALAR) {
            throw new IllegalArgumentException("optimizer steps have no impl=" + p.get("impl"));
        }
        boolean simd = impl == Impl.SIMD;
        float[] g = problem.floats("g");
        int n = g.length;
        List<String> names = entry.rule().state();
        float[][] state = new float[names.size()][];
        for (int r = 0; r < state.length; r++) {
            state[r] = problem.floats(names.get(r)).clone();
        }
        Case.Kernel k = switch (entry.rule()) {
            case ADAMW -> {
                OptimizerSteps.AdamW c = OptimizerSteps.AdamW.of(entry.settings());
                float[] prm = state[0], m = state[1], v = state[2];
                yield simd ? () -> {
                    OptimizerSteps.adamWSimd(c, prm, g, m, v, 0, n);
                    return 0;
                } : () -> {
                    OptimizerSteps.adamWScalar(c, prm, g, m, v, 0, n);
                    return 0;
                };
            }
            case SGD_MOMENTUM -> {
                OptimizerSteps.SgdMomentum c = OptimizerSteps.SgdMomentum.of(entry.settings());
                float[] prm = state[0], buf = state[1];
                yield simd ? () -> {
                    OptimizerSteps.sgdMomentumSimd(c, prm, g, buf, 0, n);
                    return 0;
                } : () -> {
                    OptimizerSteps.sgdMomentumScalar(c, prm, g, buf, 0, n);
                    return 0;
                };
            }
        };
        // the state rows side by side, as the problem's output: made for the check only, so a row holds no copy
        return new Case(k, r -> {
            float[] out = new float[problem.outputLength()];
            for (int row = 0; row < state.length; row++) {
                System.arraycopy(state[row], 0, out, row * n, n);
            }
            problem.check(p.get("impl"), out);
        });
    }
}
