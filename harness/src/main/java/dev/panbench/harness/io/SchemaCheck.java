package dev.panbench.harness.io;

/** The {@code schema} of a panbench file: same family, same major version as this panbench reads. */
final class SchemaCheck {

    private SchemaCheck() {
    }

    static void require(String found, String expected) {
        String family = expected.substring(0, expected.lastIndexOf('/') + 1);
        if (found == null || !found.startsWith(family)) {
            throw new BindingErrors.Failure("field 'schema': expected \"" + expected + "\" but found "
                    + Printable.quote(found));
        }
        String major = found.substring(family.length()).split("\\.")[0];
        if (!major.equals(expected.substring(family.length()))) {
            throw new BindingErrors.Failure("schema " + Printable.quote(found) + " is not supported (this panbench reads \""
                    + expected + "\")");
        }
    }
}
