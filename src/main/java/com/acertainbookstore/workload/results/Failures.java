package com.acertainbookstore.workload.results;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Failed interactions counted by cause. Immutable and safe to share.
 *
 * <p>In a results file it is one cell, {@code cause=count} joined by {@code ; }, most frequent
 * first ({@link #format()}); {@link #parse} reads that cell back, so this class alone knows the
 * form.
 *
 * @param counts how many failures each cause had, each at least 1
 */
public record Failures(Map<FailureCause, Long> counts) {

    /** No failure. */
    public static final Failures NONE = new Failures(Map.of());

    private static final String SEPARATOR = "; ";

    public Failures {
        TreeMap<FailureCause, Long> sorted = new TreeMap<>();
        counts.forEach((cause, count) -> {
            if (count < 1) {
                throw new IllegalArgumentException("count of " + cause + " (" + count + ") must be >= 1");
            }
            sorted.put(cause, count);
        });
        counts = Collections.unmodifiableMap(sorted);
    }

    /** Every failure counted. */
    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The failures of one kind, whatever the exception. */
    public long of(FailureKind kind) {
        return counts.entrySet().stream().filter(e -> e.getKey().kind() == kind).mapToLong(Map.Entry::getValue).sum();
    }

    /** These failures and those of {@code other}, added cause by cause. */
    public Failures plus(Failures other) {
        Map<FailureCause, Long> sum = new TreeMap<>(counts);
        other.counts.forEach((cause, count) -> sum.merge(cause, count, Long::sum));
        return new Failures(sum);
    }

    /** The cell: {@code cause=count; ...}, most frequent first; empty without failures. */
    public String format() {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<FailureCause, Long>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(SEPARATOR));
    }

    /**
     * The failures of a cell written by {@link #format()}.
     *
     * @throws IllegalArgumentException naming the part that is not {@code cause=count}
     */
    public static Failures parse(String cell) {
        Map<FailureCause, Long> counts = new TreeMap<>();
        if (cell.isBlank()) {
            return NONE;
        }
        for (String item : cell.split(SEPARATOR)) {
            int at = item.lastIndexOf('=');
            long count;
            try {
                count = at < 0 ? -1 : Long.parseLong(item.substring(at + 1).trim());
            } catch (NumberFormatException e) {
                count = -1;
            }
            if (count < 1) {
                throw new IllegalArgumentException("failure count '" + item + "' is not of the form 'cause=count'"
                        + " with count >= 1");
            }
            counts.merge(FailureCause.parse(item.substring(0, at).trim()), count, Long::sum);
        }
        return new Failures(counts);
    }
}
