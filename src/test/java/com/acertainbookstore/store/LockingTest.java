package com.acertainbookstore.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import org.junit.jupiter.api.Test;

/** {@link Locking} names and the store's constructors. */
class LockingTest {

    @Test
    void parse_anyCaseAndSpaces_findsMode() {
        assertEquals(Locking.SINGLE, Locking.parse("single"));
        assertEquals(Locking.TWO_LEVEL, Locking.parse(" Two_Level "));
        assertEquals(Locking.TWO_LEVEL, Locking.DEFAULT);
    }

    @Test
    void parse_unknownOrNull_refusedListingModes() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> Locking.parse("fair"));
        assertTrue(unknown.getMessage().contains("'fair'") && unknown.getMessage().contains("TWO_LEVEL"),
                unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Locking.parse(null));
    }

    @Test
    void constructor_nullLocking_refusedListingModes() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new CertainBookStore((Locking) null));
        assertTrue(refused.getMessage().contains("SINGLE"), refused.getMessage());
    }

    @Test
    void constructor_default_isAWorkingEmptyStore() throws Exception {
        CertainBookStore store = new CertainBookStore();
        assertEquals(0, store.getBooks().size());
        store.addBooks(TestStores.books(1, false, 1));
        assertEquals(1, store.getBooks().size());
    }
}
