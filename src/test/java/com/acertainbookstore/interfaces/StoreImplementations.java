package com.acertainbookstore.interfaces;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.replica.ReplicatedStoreFixture;
import com.acertainbookstore.store.CertainBookStore;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/**
 * Every implementation the contract tests run against. Adding an implementation is one line in
 * {@link #all()}; a contract test takes them with
 * {@code @MethodSource("com.acertainbookstore.interfaces.StoreImplementations#all")}.
 */
public final class StoreImplementations {

    /** Opens a fresh, empty store for one test. */
    @FunctionalInterface
    public interface Factory {
        StoreFixture open() throws Exception;
    }

    private StoreImplementations() {
    }

    public static Stream<Named<Factory>> all() {
        return Stream.of(
                Named.of("in-process SINGLE", () -> local(Locking.SINGLE)),
                Named.of("in-process TWO_LEVEL", () -> local(Locking.TWO_LEVEL)),
                Named.of("HTTP proxies", HttpStoreFixture::open),
                Named.of("HTTPS proxies, client certificates", HttpStoreFixture::openHttps),
                Named.of("HTTP proxies, 3 replicas", ReplicatedStoreFixture::open));
    }

    /** The in-process store in the given mode; both interfaces are the same object. */
    public static StoreFixture local(Locking locking) {
        CertainBookStore store = new CertainBookStore(locking);
        return new StoreFixture() {
            @Override
            public BookStore client() {
                return store;
            }

            @Override
            public StockManager stock() {
                return store;
            }

            @Override
            public void close() {
            }
        };
    }
}
