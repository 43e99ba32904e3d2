package dev.panbench.harness.run.keep;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.model.EnvironmentInfo;
import dev.panbench.harness.model.RunConfig;
import dev.panbench.harness.run.plan.RunRequest;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code run --resume} refuses, each in one line: another build, another machine, or settings and a selection
 * other than the journal's. The rows a resume measures must belong to the same run as those it keeps.
 */
public final class ResumeChecks {

    private ResumeChecks() {
    }

    /**
     * Refuses, with one line, a resume of the run journaled in {@code dir} by another build, on another machine, or
     * with settings or a selection other than the journal's.
     */
    public static void all(Path dir, RunRequest asked, RunJournal.Header journal, Map<String, Object> build,
                           EnvironmentInfo machine) {
        request(dir, asked, journal);
        build(dir, build, journal.build());
        machine(dir, machine, journal.environment());
        models(dir, journal.models());
    }

    /** The models this JVM's properties name now must be those the run measured: the same files, dims and inputs. */
    static void models(Path dir, RunModels journal) {
        RunModels now;
        try {
            now = RunModels.current();
        } catch (BadInputException e) {
            throw refusal(dir, "the run's model cannot be read now (" + e.getMessage() + ")",
                    "put it back as the run measured it, or start a new run with another --out");
        }
        String d = RunModels.difference(now, journal);
        if (d != null) {
            throw refusal(dir, "these are not the models the run measured (" + d + ")",
                    "resume with the run's models, or start a new run with another --out");
        }
    }

    static void build(Path dir, Map<String, Object> now, Map<String, Object> journal) {
        String d = BuildIdentity.difference(now, journal);
        if (d != null) {
            throw refusal(dir, "this build is not the one the run measured with (" + d + ")",
                    "resume with that build, or start a new run with another --out");
        }
    }

    static void machine(Path dir, EnvironmentInfo now, EnvironmentInfo journal) {
        Map<String, Object> a = machineOf(now);
        Map<String, Object> b = machineOf(journal);
        for (String key : a.keySet()) {
            if (!Objects.equals(a.get(key), b.get(key))) {
                throw refusal(dir, "this machine is not the one the run measured on (" + key + " " + a.get(key)
                        + " here, " + b.get(key) + " in the journal)", "resume it there, or start a new run here"
                        + " with another --out");
            }
        }
    }

    /**
     * Settings or a selection given beside {@code --resume} must be the journal's; none given means the journal's.
     *
     * @param asked what the command line asked for besides {@code --resume}, or null for nothing
     */
    static void request(Path dir, RunRequest asked, RunJournal.Header journal) {
        if (asked == null) {
            return;
        }
        RunConfig a = asked.settings().toConfig();
        RunConfig b = journal.config();
        String d = !a.equals(b) ? settingsDifference(a, b)
                : !asked.settings().extraJvmArgs().equals(journal.settings().extraJvmArgs())
                ? "JVM arguments " + asked.settings().extraJvmArgs() + " asked, " + journal.jvmArgs() + " in the journal"
                : journal.selection() != null && !RunJournal.Selection.of(asked).equals(journal.selection())
                ? "selection " + describe(RunJournal.Selection.of(asked)) + " asked, "
                + describe(journal.selection()) + " in the journal"
                : null;
        if (d != null) {
            throw refusal(dir, "the run is resumed with its own settings and selection (" + d + ")",
                    "give --resume alone, or start a new run with another --out");
        }
    }

    /** The settings that differ, each as {@code forks 3 asked, 1 in the journal}. */
    private static String settingsDifference(RunConfig asked, RunConfig journal) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (var c : RunConfig.class.getRecordComponents()) {
            try {
                Object x = c.getAccessor().invoke(asked);
                Object y = c.getAccessor().invoke(journal);
                if (!Objects.equals(x, y)) {
                    out.add(c.getName() + " " + (x == null ? "none" : x) + " asked, " + (y == null ? "none" : y)
                            + " in the journal");
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join("; ", out);
    }

    private static String describe(RunJournal.Selection s) {
        StringBuilder sb = new StringBuilder();
        sb.append(s.quick() ? "--quick" : "the default profile");
        sb.append(s.adapters().isEmpty() ? ", every adapter" : ", --adapter " + String.join(",", s.adapters()));
        if (s.filter() != null) {
            sb.append(", --filter ").append(s.filter());
        }
        s.params().forEach((k, v) -> sb.append(", --param ").append(k).append('=').append(String.join(",", v)));
        if (s.shard() != null) {
            sb.append(", --shard ").append(s.shard());
        }
        return sb.toString();
    }

    private static Map<String, Object> machineOf(EnvironmentInfo env) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("os", env == null ? null : env.os());
        m.put("arch", env == null ? null : env.arch());
        m.put("hostname", env == null ? null : env.hostname());
        m.put("CPU", env == null || env.cpu() == null ? null : env.cpu().model());
        m.put("cores", env == null || env.cpu() == null ? null : env.cpu().cores());
        m.put("memory", env == null ? null : env.memoryBytes());
        m.put("JVM", env == null || env.jvm() == null ? null : env.jvm().version());
        return m;
    }

    private static BadInputException refusal(Path dir, String what, String instead) {
        return new BadInputException("--resume " + dir + ": " + what + "; " + instead);
    }
}
