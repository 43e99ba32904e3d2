package dev.panbench.harness.io;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.baseline.BaselineStore;
import dev.panbench.harness.model.BenchResult;
import dev.panbench.harness.model.ResultFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The process {@link KillPointsTest} kills: writes a results file (or saves a baseline) over and over, alternating
 * two runs of different sizes, until it is killed. Prints {@code ready} once the first write is on disk, then
 * {@code wrote} after each further write.
 */
public final class WriterUnderKill {

    private WriterUnderKill() {
    }

    static ResultFile run(String id, int results) {
        List<BenchResult> rs = new ArrayList<>();
        for (int i = 0; i < results; i++) {
            rs.add(Fixtures.ok("jvm/kill/w[i=" + i + "]", "ns/op", List.of(1.0 + i, 2.0 + i, 3.0 + i)));
        }
        return Fixtures.file(id, Fixtures.machine("cpu"), rs);
    }

    public static void main(String[] args) {
        Path target = Path.of(args[1]);
        ResultFile small = run("20260101-000000-aaaa", 300);
        ResultFile large = run("20260101-000000-bbbb", 900);
        BaselineStore store = BaselineStore.at(target);
        for (long n = 0; ; n++) {
            ResultFile f = n % 2 == 0 ? small : large;
            if (args[0].equals("baseline")) {
                store.save("main", f, "kill-test", 3);
            } else {
                ResultFiles.write(target, f);
            }
            System.out.println(n == 0 ? "ready" : "wrote");
            System.out.flush();
        }
    }
}
