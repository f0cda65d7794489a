package com.acertainbookstore.workload.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes the docs' settings tables from {@link Setting}, so that no doc holds a hand copy: in
 * {@code docs/harness.md}, the whole table between {@link #BEGIN} and {@link #END}; in every doc,
 * each table row whose first cell names a {@code workload.*} setting is that setting's row of
 * {@link Setting#markdownTable()}. {@code SettingsDocsTest} fails when a doc differs from what
 * this writes. Run with {@value #REGENERATE}. Stateless.
 */
public final class SettingsDocs {

    /** The command that rewrites the docs. */
    static final String REGENERATE = "mvn -o -q test-compile exec:java -Dexec.classpathScope=test"
            + " -Dexec.mainClass=com.acertainbookstore.workload.settings.SettingsDocs";
    /** The line before the generated table. */
    static final String BEGIN = "<!-- generated from Setting.java by SettingsDocs: edit Setting, then run " + REGENERATE
            + " -->";
    /** The line after it. */
    static final String END = "<!-- end of the generated settings table -->";
    /** The docs searched: the Markdown files of {@code docs/} and the README. */
    static final Path ROOT = Path.of("");

    private SettingsDocs() {
    }

    public static void main(String[] args) throws IOException {
        for (Map.Entry<Path, String> doc : docs().entrySet()) {
            String now = regenerated(doc.getValue());
            if (!now.equals(doc.getValue())) {
                Files.writeString(doc.getKey(), now, StandardCharsets.UTF_8);
                System.out.println("wrote " + doc.getKey());
            }
        }
    }

    /** Every doc searched, with its text. */
    static Map<Path, String> docs() throws IOException {
        Map<Path, String> docs = new LinkedHashMap<>();
        List<Path> paths = new ArrayList<>();
        paths.add(ROOT.resolve("README.md"));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(paths::add);
        }
        for (Path path : paths) {
            docs.put(path, Files.readString(path, StandardCharsets.UTF_8));
        }
        return docs;
    }

    /**
     * {@code text} with its generated parts as {@link Setting} makes them now; an
     * {@link IllegalArgumentException} when a {@link #BEGIN} has no {@link #END}.
     */
    static String regenerated(String text) {
        Map<String, String> rows = rowsByKey();
        StringBuilder out = new StringBuilder(text.length());
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.equals(BEGIN)) {
                int end = i + 1;
                while (end < lines.length && !lines[end].equals(END)) {
                    end++;
                }
                if (end == lines.length) {
                    throw new IllegalArgumentException("line " + (i + 1) + ": a generated settings table with no '"
                            + END + "' after it");
                }
                out.append(BEGIN).append('\n').append(table()).append(END);
                i = end;
            } else {
                String key = settingKey(line);
                out.append(key == null ? line : rows.get(key));
            }
            if (i < lines.length - 1) {
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** The key of the setting a table row describes ({@code | `workload.x` | ...}), or null. */
    static String settingKey(String line) {
        String start = "| `" + Setting.PREFIX;
        if (!line.startsWith(start)) {
            return null;
        }
        int close = line.indexOf('`', 3);
        if (close < 0) {
            return null;
        }
        Setting setting = Setting.byKey(line.substring(3, close));
        return setting == null ? null : setting.key();
    }

    /** {@link #lines()} ended by {@code \n}. */
    private static String table() {
        StringBuilder table = new StringBuilder();
        for (String line : lines()) {
            table.append(line).append('\n');
        }
        return table.toString();
    }

    /**
     * The lines of {@link Setting#markdownTable()} (which {@code workload.help} prints as they are),
     * with {@code <} written {@code &lt;} so that a placeholder such as {@code <resultsDir>} is not
     * taken for an HTML tag where the Markdown is rendered.
     */
    static List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (String line : Setting.markdownTable().split("\\R")) {
            lines.add(line.replace("<", "&lt;"));
        }
        return lines;
    }

    private static Map<String, String> rowsByKey() {
        Map<String, String> rows = new LinkedHashMap<>();
        for (String line : lines()) {
            String key = settingKey(line);
            if (key != null) {
                rows.put(key, line);
            }
        }
        return rows;
    }
}
