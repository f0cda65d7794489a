package com.acertainbookstore.workload.results;

import java.util.Objects;
import java.util.function.Function;

/**
 * A text column: an empty string is an empty cell. Immutable and safe to share.
 *
 * @param name  the header name
 * @param value the text of a row
 * @param <R>   the row type
 */
public record TextColumn<R>(String name, Function<R, String> value) implements Column<R> {

    public TextColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String cell(R row) {
        return Csv.text(value.apply(row));
    }
}
