package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What ran, recorded beside a run's results so that a report drawn later can say it: the settings
 * that differ from their defaults, the command line, the machine, the commit and the start and end
 * times. The file {@value #FILE_NAME} in the results directory, one {@code key=value} per line
 * ({@code #} starts a comment); this class alone writes and reads it. Immutable and safe to share.
 *
 * @param startedAt    when the run started, ISO-8601 UTC
 * @param endedAt      when it ended, ISO-8601 UTC (after the audits, before the charts)
 * @param outcome      {@code passed}, or the error that ended the run
 * @param commandLine  the JVM's command line as the OS tells it, or {@code unknown}
 * @param settings     every setting that differs from its default, in key order
 * @param cores        processors the JVM sees
 * @param memoryMb     the machine's memory, MiB (0: unknown)
 * @param os           name, version and architecture
 * @param jvm          vendor, name and version
 * @param jvmOptions   the JVM's input arguments, space separated
 * @param commit       the checkout's commit, or {@code unknown} (not a git checkout)
 * @param treeClean    {@code clean}, {@code modified} or {@code unknown}
 */
public record RunRecord(String startedAt, String endedAt, String outcome, String commandLine,
        List<ChangedSetting> settings, int cores, long memoryMb, String os, String jvm, String jvmOptions,
        String commit, String treeClean) {

    /** The file name in a results directory. */
    public static final String FILE_NAME = "run.properties";

    private static final String SETTING = "setting.";
    private static final String DEFAULT = "default.";
    private static final List<String> KEYS = List.of("startedAt", "endedAt", "outcome", "commandLine", "cores",
            "memoryMb", "os", "jvm", "jvmOptions", "commit", "treeClean");

    /**
     * A setting whose value is not its default.
     *
     * @param key          e.g. {@code workload.threads}
     * @param value        as given
     * @param defaultValue its default
     */
    public record ChangedSetting(String key, String value, String defaultValue) {

        public ChangedSetting {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(defaultValue, "defaultValue");
        }
    }

    public RunRecord {
        for (String text : List.of(startedAt, endedAt, outcome, commandLine, os, jvm, jvmOptions, commit,
                treeClean)) {
            Objects.requireNonNull(text, "a text field of the run record");
        }
        settings = List.copyOf(settings);
    }

    /** Where the record of a results directory is. */
    public static Path file(Path resultsDir) {
        return resultsDir.resolve(FILE_NAME);
    }

    /** Writes the record into the results directory (created if needed); returns the file. */
    public Path write(Path resultsDir) {
        Path file = file(resultsDir);
        StringBuilder text = new StringBuilder("# what ran: written by the workload harness, read by its report\n");
        Map<String, String> values = values();
        for (String key : KEYS) {
            line(text, key, values.get(key));
        }
        for (ChangedSetting setting : settings) {
            line(text, SETTING + setting.key(), setting.value());
            line(text, DEFAULT + setting.key(), setting.defaultValue());
        }
        try {
            Files.createDirectories(resultsDir);
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    private Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("startedAt", startedAt);
        values.put("endedAt", endedAt);
        values.put("outcome", outcome);
        values.put("commandLine", commandLine);
        values.put("cores", String.valueOf(cores));
        values.put("memoryMb", String.valueOf(memoryMb));
        values.put("os", os);
        values.put("jvm", jvm);
        values.put("jvmOptions", jvmOptions);
        values.put("commit", commit);
        values.put("treeClean", treeClean);
        return values;
    }

    /** One line; a line break in a value would end it early, so it becomes a space. */
    private static void line(StringBuilder text, String key, String value) {
        text.append(key).append('=').append(value.replace('\r', ' ').replace('\n', ' ')).append('\n');
    }

    /**
     * The record of a results directory, or null when it has none (a directory of an older
     * version of the harness).
     *
     * @throws ResultsFormatException naming the file and line of a line that is not {@code key=value}, an
     *                                unknown or repeated key, a missing key or a number that is not one
     */
    public static RunRecord read(Path resultsDir) {
        Path file = file(resultsDir);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        List<String> lines = Csv.lines(file);
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        Map<String, String> changed = new LinkedHashMap<>();
        Map<String, String> defaults = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String where = file + ":" + (i + 1);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new ResultsFormatException(where + ": '" + line + "' is not of the form key=value");
            }
            String key = line.substring(0, eq).trim();
            String value = line.substring(eq + 1);
            Map<String, String> target = key.startsWith(SETTING) ? changed : key.startsWith(DEFAULT) ? defaults
                    : KEYS.contains(key) ? values : null;
            if (target == null) {
                throw new ResultsFormatException(where + ": unknown key '" + key + "' (known: " + KEYS
                        + ", " + SETTING + "<setting>, " + DEFAULT + "<setting>)");
            }
            String name = target == values ? key : key.substring(key.indexOf('.') + 1);
            if (target.putIfAbsent(name, value) != null) {
                throw new ResultsFormatException(where + ": key '" + key + "' appears a second time");
            }
            lineOf.put(key, i + 1);
        }
        for (String key : KEYS) {
            if (!values.containsKey(key)) {
                throw new ResultsFormatException(file + ": key '" + key + "' is missing");
            }
        }
        List<ChangedSetting> settings = new ArrayList<>();
        for (Map.Entry<String, String> setting : changed.entrySet()) {
            String defaultValue = defaults.get(setting.getKey());
            if (defaultValue == null) {
                throw new ResultsFormatException(file + ":" + lineOf.get(SETTING + setting.getKey()) + ": setting '"
                        + setting.getKey() + "' has no line " + DEFAULT + setting.getKey());
            }
            settings.add(new ChangedSetting(setting.getKey(), setting.getValue(), defaultValue));
        }
        return new RunRecord(values.get("startedAt"), values.get("endedAt"), values.get("outcome"),
                values.get("commandLine"), settings, (int) number(file, lineOf, values, "cores"),
                number(file, lineOf, values, "memoryMb"), values.get("os"), values.get("jvm"),
                values.get("jvmOptions"), values.get("commit"), values.get("treeClean"));
    }

    private static long number(Path file, Map<String, Integer> lineOf, Map<String, String> values, String key) {
        String text = values.get(key).trim();
        try {
            long value = Long.parseLong(text);
            if (value >= 0 && value <= Integer.MAX_VALUE) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the line
        }
        throw new ResultsFormatException(file + ":" + lineOf.get(key) + ": " + key + " '" + text
                + "' is not a whole number from 0 to " + Integer.MAX_VALUE);
    }
}
