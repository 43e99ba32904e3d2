package dev.panbench.cli;

import picocli.CommandLine;

/** {@code --version}: the jar's implementation version and the JVM running it. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[]{"panbench " + (v == null ? "dev" : v),
                "JVM " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vm.vendor") + ")"};
    }
}
