package dev.panbench.harness.baseline;

import dev.panbench.harness.Fixtures;
import dev.panbench.harness.model.BenchResult;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/** A second process that appends runs to a store: {@code STORE NAME WRITER COUNT}. What the cross-process test starts. */
public final class StoreWriterProcess {

    private StoreWriterProcess() {
    }

    public static void main(String[] args) {
        BaselineStore store = BaselineStore.at(Path.of(args[0]));
        String writer = args[2];
        int count = Integer.parseInt(args[3]);
        SplittableRandom rnd = new SplittableRandom(writer.hashCode());
        for (int i = 0; i < count; i++) {
            List<BenchResult> rs = List.of(Fixtures.ok("jvm/w", "ns/op", Fixtures.noisy(rnd, 5, 10, 0.02)));
            store.save(args[1], Fixtures.file(writer + "-" + i, Fixtures.machine("Test CPU"), rs), null, 1000);
        }
    }
}
