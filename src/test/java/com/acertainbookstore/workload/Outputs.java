package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.Csv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the harness's CSV files back for assertions, with the charts' own cell splitter. */
final class Outputs {

    private Outputs() {
    }

    /** The rows of a CSV file as column-name maps; checks the header leads with {@code leading}. */
    static List<Map<String, String>> read(Path file, List<String> leading) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        assertEquals(leading, header.subList(0, leading.size()), "leading columns of " + file);
        List<Map<String, String>> rows = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            String line = lines.get(n);
            List<String> cells = Csv.split(line, file.toString(), n + 1);
            assertEquals(header.size(), cells.size(), "cells in " + line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), cells.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    static double number(Map<String, String> row, String column) {
        String cell = row.get(column);
        assertTrue(cell != null && !cell.isEmpty(), column + " is empty in " + row);
        return Double.parseDouble(cell);
    }
}
