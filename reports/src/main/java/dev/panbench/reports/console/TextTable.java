package dev.panbench.reports.console;

import java.util.List;

/** Plain-text columns for a terminal: two spaces apart, the first columns left-aligned, numbers right-aligned. */
public final class TextTable {

    private TextTable() {
    }

    /**
     * @param rows        the header first, then the rows; every row as many cells as the header
     * @param leftColumns how many leading columns are left-aligned (the rest are right-aligned)
     * @param rule        whether a line of dashes goes under the header
     */
    public static String render(List<String[]> rows, int leftColumns, boolean rule) {
        int cols = rows.getFirst().length;
        int[] w = new int[cols];
        for (String[] r : rows) {
            for (int c = 0; c < cols; c++) {
                w[c] = Math.max(w[c], r[c].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < rows.size(); k++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                String v = rows.get(k)[c];
                String fill = " ".repeat(w[c] - v.length());
                line.append(c == 0 ? "" : "  ").append(c < leftColumns ? v + fill : fill + v);
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
}
