package com.acertainbookstore.report;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Test helper: finds the fixture directories of summary files. */
final class SummaryFiles {

    private SummaryFiles() {
    }

    /** A fixture directory under src/test/resources/com/acertainbookstore/report. */
    static Path fixture(String name) {
        try {
            return Path.of(SummaryFiles.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
