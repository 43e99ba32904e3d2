package dev.panbench.harness.paired;

import dev.panbench.harness.BadInputException;
import dev.panbench.harness.orchestrate.Build;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code gate --base REF}: a revision built in a detached worktree with Maven, once per commit. The repository is a
 * small Maven project of two modules laid out as panbench's (its jar at {@code cli/target/panbench.jar}), committed
 * twice; the working tree's uncommitted change never reaches the build.
 */
class RevisionBuildTest {

    private static final String PARENT = """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>t</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging>
              <modules><module>cli</module></modules>
              <properties><maven.compiler.release>17</maven.compiler.release>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
              <build><pluginManagement><plugins>
                <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
                <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
                <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version></plugin>
                <plugin><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>
                <plugin><artifactId>maven-clean-plugin</artifactId><version>3.4.0</version></plugin>
                <plugin><artifactId>maven-install-plugin</artifactId><version>3.1.3</version></plugin>
              </plugins></pluginManagement></build>
            </project>
            """;
    private static final String CLI = """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <parent><groupId>t</groupId><artifactId>parent</artifactId><version>1</version></parent>
              <artifactId>cli</artifactId>
              <build><finalName>panbench</finalName></build>
            </project>
            """;

    private static int run(Path dir, String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", cmd));
        return p.exitValue();
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d.isEmpty() ? "." : d, program))) {
                return true;
            }
        }
        return false;
    }

    private static void commit(Path repo, String marker) throws Exception {
        Path src = repo.resolve("cli/src/main/java/t/Marker.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "package t; public class Marker { public static final String M = \"" + marker
                + "\"; }\n");
        assertEquals(0, run(repo, "git", "add", "-A"));
        assertEquals(0, run(repo, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", marker));
    }

    @Test
    void aRevisionIsBuiltOnceInAWorktreeFromItsCommitAlone(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("git") && onPath("mvn"), "git and mvn are needed to build a revision");
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo.resolve("cli"));
        Files.writeString(repo.resolve("pom.xml"), PARENT);
        Files.writeString(repo.resolve("cli/pom.xml"), CLI);
        assertEquals(0, run(repo, "git", "init", "-q"));
        commit(repo, "first");
        commit(repo, "second");
        // an uncommitted change in the working tree must not reach a revision's build
        Files.writeString(repo.resolve("cli/src/main/java/t/Marker.java"), "does not compile");

        Path cache = dir.resolve("cache");
        List<String> notices = new ArrayList<>();
        Build first = RevisionBuild.resolve("HEAD~1", repo, cache, notices::add);
        assertTrue(first.role().startsWith("--base HEAD~1 ("), first.role());
        assertTrue(Files.isRegularFile(Path.of(first.classPath())), first.classPath());
        assertTrue(first.has("t.Marker"), "the jar holds the revision's classes");
        assertEquals(1, notices.size(), "one build: " + notices);
        assertTrue(notices.getFirst().startsWith("gate: building HEAD~1 ("), notices.getFirst());

        RevisionBuild.resolve("HEAD~1", repo, cache, notices::add);
        assertEquals(1, notices.size(), "the second resolve of a commit builds nothing");
        assertEquals(0, run(repo, "git", "worktree", "prune"));
        assertTrue(Files.notExists(cache.resolve(RevisionBuild.commitOf("HEAD~1", repo)).resolve("src")),
                "the worktree is removed after the build");
    }

    @Test
    void anUnknownRevisionIsOneLine(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("git"), "git is needed");
        assertEquals(0, run(dir, "git", "init", "-q"));
        BadInputException e = assertThrows(BadInputException.class,
                () -> RevisionBuild.resolve("no-such-branch", dir, dir.resolve("cache"), s -> { }));
        assertEquals("--base no-such-branch: neither an existing jar or class path nor a git revision of " + dir,
                e.getMessage());
    }
}
