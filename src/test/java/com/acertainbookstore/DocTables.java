package com.acertainbookstore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Reads the rows of a settings table in a doc, for the tests that hold such a table to the code
 * it describes. Stateless.
 */
public final class DocTables {

    private DocTables() {
    }

    /**
     * The rows of {@code doc} whose first cell is a backquoted key starting with {@code prefix}
     * ({@code | `bookstore.port` | `8081` | meaning |}), by key, each as its cells after the key,
     * trimmed; an {@link IllegalArgumentException} when a key has two rows.
     */
    public static Map<String, List<String>> rows(Path doc, String prefix) throws IOException {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("| `" + prefix) || !line.endsWith("|")) {
                continue;
            }
            List<String> cells = Arrays.stream(line.substring(1, line.length() - 1).split("\\|", -1))
                    .map(String::trim).toList();
            String key = cells.get(0).replace("`", "");
            if (rows.put(key, cells.subList(1, cells.size())) != null) {
                throw new IllegalArgumentException(doc + " line " + (i + 1) + ": a second row for " + key);
            }
        }
        return rows;
    }

    /**
     * As {@link #rows}, asserting first that the table lists exactly the keys {@code known} (whole
     * keys, prefix included), which {@code owner} accepts.
     */
    public static Map<String, List<String>> rowsOfExactly(Path doc, String prefix, Set<String> known, String owner)
            throws IOException {
        Map<String, List<String>> rows = rows(doc, prefix);
        assertEquals(new TreeSet<>(known), new TreeSet<>(rows.keySet()),
                doc + ": the " + prefix + "* table must list exactly the properties " + owner + " accepts");
        return rows;
    }
}
