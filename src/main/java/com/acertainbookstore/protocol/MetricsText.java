package com.acertainbookstore.protocol;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;

/** Reads {@code key=integer} lines of a {@code /metrics} text into an enum's keys. Stateless. */
final class MetricsText {

    private MetricsText() {
    }

    /**
     * The values of {@code type}'s keys found in {@code text}; other keys are skipped, and so are
     * lines without {@code =} unless {@code strict}.
     *
     * @throws IllegalArgumentException a line of a known key is not {@code key=integer}, or (strict)
     *     a line is not {@code key=value}; the line is quoted in the message
     */
    static <E extends Enum<E>> Map<E, Long> parse(String text, Class<E> type, Function<E, String> keyOf,
            boolean strict) {
        Map<E, Long> values = new EnumMap<>(type);
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals < 0) {
                if (strict) {
                    throw notKeyInteger(line, null);
                }
                continue;
            }
            String key = line.substring(0, equals).trim();
            for (E metric : type.getEnumConstants()) {
                if (keyOf.apply(metric).equals(key)) {
                    try {
                        values.put(metric, Long.parseLong(line.substring(equals + 1).trim()));
                    } catch (NumberFormatException e) {
                        throw notKeyInteger(line, e);
                    }
                }
            }
        }
        return values;
    }

    private static IllegalArgumentException notKeyInteger(String line, Throwable cause) {
        return new IllegalArgumentException("metrics line '" + Texts.printable(line, 80) + "' is not key=integer",
                cause);
    }
}
