package dev.panbench.reports.console;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TextTableTest {

    @Test
    void alignsLeadingColumnsLeftAndTheRestRightUnderARule() {
        String t = TextTable.render(List.of(
                new String[]{"id", "median"},
                new String[]{"jvm/call/empty", "0.53 ns"},
                new String[]{"jvm/array/sum", "592 us"}), 1, true);
        assertEquals("""
                id               median
                -----------------------
                jvm/call/empty  0.53 ns
                jvm/array/sum    592 us
                """, t);
    }

    @Test
    void aShortRowsLastCellRunsOnWithoutWideningItsColumn() {
        String t = TextTable.render(List.of(
                new String[]{"os", "Linux 6.1 (amd64) with a long description"},
                new String[]{"adapter", "jvm", "available"},
                new String[]{"", "version", "25"}), 3, false);
        assertEquals("""
                os       Linux 6.1 (amd64) with a long description
                adapter  jvm      available
                         version  25
                """, t);
    }

    @Test
    void anIndentedTableHasEveryLineIndented() {
        String t = TextTable.render(List.of(new String[]{"call/empty", ""},
                new String[]{"call/identity", "type=long,double"}), 2, 4);
        assertEquals("    call/empty\n    call/identity  type=long,double\n", t);
    }
}
