package dev.panbench.reports.console;

import java.util.List;

/**
 * Plain-text columns for a terminal: two spaces apart, the first columns left-aligned, numbers right-aligned. Every
 * table a command prints goes through here, so columns line up the same way everywhere and no command pads by hand.
 */
public final class TextTable {

    private TextTable() {
    }

    /**
     * @param rows        the header first (or, without a rule, simply the first row), then the rows. A row with
     *                    fewer cells than the widest row ends in a cell that runs on: it is left-aligned, not padded,
     *                    and does not widen its column (a reason, a note, a long value after a label)
     * @param leftColumns how many leading columns are left-aligned (the rest are right-aligned)
     * @param rule        whether a line of dashes goes under the first row
     */
    public static String render(List<String[]> rows, int leftColumns, boolean rule) {
        int cols = 0;
        for (String[] r : rows) {
            cols = Math.max(cols, r.length);
        }
        int[] w = new int[cols];
        for (String[] r : rows) {
            int measured = r.length < cols ? r.length - 1 : cols;
            for (int c = 0; c < measured; c++) {
                w[c] = Math.max(w[c], r[c].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < rows.size(); k++) {
            String[] row = rows.get(k);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                String v = row[c];
                line.append(c == 0 ? "" : "  ");
                if (row.length < cols && c == row.length - 1) {
                    line.append(v);
                } else {
                    String fill = " ".repeat(w[c] - v.length());
                    line.append(c < leftColumns ? v + fill : fill + v);
                }
            }
            sb.append(line.toString().stripTrailing()).append('\n');
            if (k == 0 && rule) {
                int total = 2 * (cols - 1);
                for (int x : w) {
                    total += x;
                }
                sb.append("-".repeat(total)).append('\n');
            }
        }
        return sb.toString();
    }

    /** The same table with every line indented by {@code spaces} (a table nested under a heading line). */
    public static String render(List<String[]> rows, int leftColumns, int spaces) {
        return render(rows, leftColumns, false).indent(spaces);
    }
}
