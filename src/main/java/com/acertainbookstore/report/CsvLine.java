package com.acertainbookstore.report;

import java.util.ArrayList;
import java.util.List;

/** Splits one CSV line into cells (RFC 4180 quoting within the line). Stateless, safe to share. */
public final class CsvLine {

    private CsvLine() {
    }

    /** The cells of {@code line}; {@code name} and {@code lineNumber} go into the error message. */
    public static List<String> split(String line, String name, int lineNumber) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new ResultsFormatException(name + " line " + lineNumber + ": a quoted cell is not closed");
        }
        cells.add(cell.toString());
        return cells;
    }
}
