package com.acertainbookstore.workload.settings;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.replication.ReadMode;
import com.acertainbookstore.workload.results.Labelled;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses and checks the raw strings of {@link Setting}s for {@link WorkloadConfig}; each failure is
 * an {@link IllegalArgumentException} naming the setting, the value and the rule. Immutable and
 * safe to share (it only reads the map it was given, which must not change).
 */
final class SettingValues {

    private final Map<Setting, String> raw;

    SettingValues(Map<Setting, String> raw) {
        this.raw = raw;
    }

    static IllegalArgumentException invalid(Setting setting, String rule) {
        return new IllegalArgumentException("setting " + setting.key() + " is invalid: " + rule);
    }

    boolean bool(Setting setting) {
        String value = raw.get(setting).toLowerCase(Locale.ROOT);
        if (!value.equals("true") && !value.equals("false")) {
            throw invalid(setting, "'" + raw.get(setting) + "' must be true or false");
        }
        return value.equals("true");
    }

    long integer(Setting setting, long min, long max) {
        String value = raw.get(setting);
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw invalid(setting, "'" + value + "' is not a whole number");
        }
        if (parsed < min || parsed > max) {
            throw invalid(setting, parsed + " must be in " + min + ".." + max);
        }
        return parsed;
    }

    double decimal(Setting setting, double min, double max) {
        String value = raw.get(setting);
        double parsed;
        try {
            parsed = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw invalid(setting, "'" + value + "' is not a number");
        }
        if (!(parsed >= min && parsed <= max)) {
            throw invalid(setting, value + " must be in " + min + ".." + max);
        }
        return parsed;
    }

    /** One of an enum's labels ({@link Labelled#parse}). */
    <E extends Enum<E> & Labelled> E label(Setting setting, Class<E> type) {
        try {
            return Labelled.parse(type, raw.get(setting));
        } catch (IllegalArgumentException e) {
            throw invalid(setting, e.getMessage());
        }
    }

    /** A replica read mode ({@link ReadMode#parse}). */
    ReadMode readMode(Setting setting) {
        try {
            return ReadMode.parse(raw.get(setting));
        } catch (IllegalArgumentException e) {
            throw invalid(setting, e.getMessage());
        }
    }

    /** A whole number in min..max, or {@code auto} (returned as 0). */
    int integerOrAuto(Setting setting, int min, int max) {
        return raw.get(setting).equalsIgnoreCase("auto") ? 0 : (int) integer(setting, min, max);
    }

    /** A comma list of numbers, each in min..max; {@code what} names an item in messages. */
    List<Double> decimalList(Setting setting, double min, double max, String what, boolean mayBeEmpty) {
        List<Double> numbers = new ArrayList<>();
        for (String item : items(setting)) {
            double value;
            try {
                value = Double.parseDouble(item);
            } catch (NumberFormatException e) {
                throw invalid(setting, "'" + item + "' is not a number");
            }
            if (!(value >= min && value <= max)) {
                throw invalid(setting, what + " " + item + " must be in " + min + ".." + max);
            }
            numbers.add(value);
        }
        if (numbers.isEmpty() && !mayBeEmpty) {
            throw invalid(setting, "at least one " + what + " is needed");
        }
        return List.copyOf(numbers);
    }

    /** A number in min..max, or NaN when the value is empty. */
    double optionalDecimal(Setting setting, double min, double max) {
        return raw.get(setting).isEmpty() ? Double.NaN : decimal(setting, min, max);
    }

    URI url(Setting setting) {
        String value = raw.get(setting);
        if (value.isEmpty()) {
            return null;
        }
        try {
            URI uri = new URI(value);
            if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 1) {
                throw invalid(setting, "'" + value + "' must be http://host:port");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw invalid(setting, "'" + value + "' is not a URL (" + e.getReason() + ")");
        }
    }

    List<Locking> lockingList(Setting setting) {
        List<Locking> modes = new ArrayList<>();
        for (String name : items(setting)) {
            Locking mode;
            try {
                mode = Locking.parse(name);
            } catch (IllegalArgumentException e) {
                throw invalid(setting, e.getMessage());
            }
            if (modes.contains(mode)) {
                throw invalid(setting, mode + " appears more than once");
            }
            modes.add(mode);
        }
        return List.copyOf(modes);
    }

    List<Integer> threadList(Setting setting) {
        List<Integer> counts = new ArrayList<>();
        for (String item : items(setting)) {
            int count;
            try {
                count = Integer.parseInt(item);
            } catch (NumberFormatException e) {
                throw invalid(setting, "'" + item + "' is not a whole number");
            }
            if (count < 1 || count > 10_000) {
                throw invalid(setting, "thread count " + count + " must be in 1..10000");
            }
            counts.add(count);
        }
        if (counts.isEmpty()) {
            throw invalid(setting, "at least one thread count is needed");
        }
        return List.copyOf(counts);
    }

    private List<String> items(Setting setting) {
        List<String> items = new ArrayList<>();
        for (String item : raw.get(setting).split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        return items;
    }

    Path path(Setting setting) {
        String value = raw.get(setting);
        if (value.isEmpty()) {
            throw invalid(setting, "a directory is needed");
        }
        return Path.of(value);
    }

    /** A list of words separated by white space; empty when the value is blank. */
    List<String> words(Setting setting) {
        String value = raw.get(setting).trim();
        return value.isEmpty() ? List.of() : List.of(value.split("\\s+"));
    }
}
