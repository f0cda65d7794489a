package com.acertainbookstore.workload.settings;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Reads a {@link WorkloadConfig} from system properties and, when {@code workload.config} names
 * one, a properties file; system properties win over the file. Stateless; safe to share.
 */
public final class ConfigLoader {

    private ConfigLoader() {
    }

    /** The setup given by these (system) properties; only {@code workload.*} keys are read. */
    public static WorkloadConfig load(Properties properties) {
        return load(properties, Map.of());
    }

    /** The setup given by these properties and the environment (which may hold the token). */
    public static WorkloadConfig load(Properties properties, Map<String, String> environment) {
        return WorkloadConfig.of(given(properties), environment);
    }

    /**
     * The {@code workload.*} settings these properties give, those of the settings file they name
     * included (the properties win), as given: not yet checked.
     */
    public static Map<String, String> given(Properties properties) {
        Map<String, String> given = workloadKeys(properties, "system properties");
        Map<String, String> merged = new HashMap<>();
        String file = given.get(Setting.CONFIG.key());
        if (file != null && !file.isBlank()) {
            merged.putAll(readFile(Path.of(file.trim())));
        }
        merged.putAll(given);
        return merged;
    }

    private static Map<String, String> readFile(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new IllegalArgumentException("setting " + Setting.CONFIG.key() + " is invalid: file "
                    + file.toAbsolutePath() + " cannot be read (" + e + ")", e);
        }
        Map<String, String> values = workloadKeys(properties, "file " + file);
        for (String key : properties.stringPropertyNames()) {
            if (!key.startsWith(Setting.PREFIX)) {
                throw new IllegalArgumentException("setting " + key + " in file " + file
                        + " is unknown (every key must start with " + Setting.PREFIX + ")");
            }
        }
        if (values.containsKey(Setting.CONFIG.key())) {
            throw new IllegalArgumentException("setting " + Setting.CONFIG.key() + " in file " + file
                    + " is not allowed (a settings file cannot name another)");
        }
        return values;
    }

    private static Map<String, String> workloadKeys(Properties properties, String source) {
        Map<String, String> values = new HashMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(Setting.PREFIX)) {
                if (Setting.byKey(key) == null) {
                    throw new IllegalArgumentException("setting " + key + " (" + source
                            + ") is unknown (list them with -D" + Setting.HELP.key() + "=true)");
                }
                values.put(key, properties.getProperty(key));
            }
        }
        return values;
    }
}
