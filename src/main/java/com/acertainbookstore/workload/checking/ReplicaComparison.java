package com.acertainbookstore.workload.checking;

import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.workload.targets.Listing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The audit's second half for a replicated store: every replica must hold the same books, field
 * by field. Each replica's listing is compared with the first one's; a difference names the
 * replica, the ISBN, the field and both values, e.g.
 * {@code replica r2, ISBN 7: numCopies 95, replica r0 has 96}. Stateless; safe to share.
 */
public final class ReplicaComparison {

    private static final int MAX_REPORTED = 10;

    /** A book's fields, each compared with {@code equals} on its boxed value (a price by its bits: {@link Float#equals}). */
    private record Field(String name, Function<StockBook, Object> value) {
    }

    private static final List<Field> FIELDS = List.of(
            new Field("title", StockBook::getTitle),
            new Field("author", StockBook::getAuthor),
            new Field("price", StockBook::getPrice),
            new Field("numCopies", StockBook::getNumCopies),
            new Field("numSaleMisses", StockBook::getNumSaleMisses),
            new Field("numTimesRated", StockBook::getNumTimesRated),
            new Field("totalRating", StockBook::getTotalRating),
            new Field("editorPick", StockBook::isEditorPick));

    private ReplicaComparison() {
    }

    /**
     * The differences between the listings (empty when they hold the same books, or there is one
     * listing); at most {@value #MAX_REPORTED} are listed, then a count of the rest.
     */
    public static List<String> differences(List<Listing> listings) {
        List<String> problems = new ArrayList<>();
        int others = 0;
        if (listings.size() < 2) {
            return problems;
        }
        Listing reference = listings.get(0);
        Map<Integer, StockBook> expected = byIsbn(reference, problems);
        for (Listing listing : listings.subList(1, listings.size())) {
            Map<Integer, StockBook> held = byIsbn(listing, problems);
            String at = "replica " + listing.holder() + ", ISBN ";
            for (Map.Entry<Integer, StockBook> entry : expected.entrySet()) {
                StockBook theirs = held.get(entry.getKey());
                if (theirs == null) {
                    others += report(problems, at + entry.getKey() + ": not held, replica " + reference.holder()
                            + " holds it with " + entry.getValue().getNumCopies() + " copies");
                    continue;
                }
                for (Field field : FIELDS) {
                    Object mine = field.value().apply(entry.getValue());
                    Object other = field.value().apply(theirs);
                    if (!Objects.equals(mine, other)) {
                        others += report(problems, at + entry.getKey() + ": " + field.name() + " " + other
                                + ", replica " + reference.holder() + " has " + mine);
                    }
                }
            }
            for (Map.Entry<Integer, StockBook> entry : held.entrySet()) {
                if (!expected.containsKey(entry.getKey())) {
                    others += report(problems, at + entry.getKey() + ": held with " + entry.getValue().getNumCopies()
                            + " copies, replica " + reference.holder() + " does not hold it");
                }
            }
        }
        if (others > 0) {
            problems.add("... and " + others + " more differences between replicas");
        }
        return problems;
    }

    /** The listing's books by ISBN; an ISBN listed twice is a problem of its own. */
    private static Map<Integer, StockBook> byIsbn(Listing listing, List<String> problems) {
        Map<Integer, StockBook> books = new TreeMap<>();
        for (StockBook book : listing.books()) {
            if (books.put(book.getISBN(), book) != null) {
                problems.add("replica " + listing.holder() + ", ISBN " + book.getISBN() + ": listed more than once");
            }
        }
        return books;
    }

    /** Adds a problem while fewer than the maximum are listed; returns 1 if it was left out. */
    private static int report(List<String> problems, String problem) {
        if (problems.size() < MAX_REPORTED) {
            problems.add(problem);
            return 0;
        }
        return 1;
    }
}
