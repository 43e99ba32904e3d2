package dev.panbench.reports.view;

import dev.panbench.harness.model.ResultFile;

/**
 * What every report says of a results file that holds only part of its run ({@code run.interrupted}): the signal, how
 * many results finished of how many planned, and how the rest is measured.
 */
public final class PartialRun {

    private PartialRun() {
    }

    /**
     * {@code interrupted by SIGINT after 14 of 47 results; 33 not measured ('panbench run --resume DIR' on the run's
     * folder measures them)}, or null for a whole run.
     */
    public static String note(ResultFile file) {
        String note = file.run() == null ? null : file.run().partialNote();
        if (note == null) {
            return null;
        }
        return note.substring("partial: ".length()) + "; " + file.run().missing()
                + " not measured ('panbench run --resume DIR' on the run's folder measures them)";
    }
}
