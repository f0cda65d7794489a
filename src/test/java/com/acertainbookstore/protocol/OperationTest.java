package com.acertainbookstore.protocol;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.store.CertainBookStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class OperationTest {

    @Test
    void find_anyCaseOnItsSide_findsItAndNotOnTheOtherSide() {
        assertEquals(Operation.BUYBOOKS, Operation.find("buyBooks", false));
        assertNull(Operation.find("BUYBOOKS", true));
        assertEquals(Operation.ADDCOPIES, Operation.find("addcopies", true));
        assertNull(Operation.find("ADDCOPIES", false));
        assertEquals(Operation.GETSTOCKBOOKSBYISBN, Operation.find("getBooksByIsbn", true));
        assertNull(Operation.find("nothing", false));
        assertNull(Operation.find("", true));
    }

    @Test
    void code_eachOperation_keepsTheCodeExistingLogsWereWrittenWith() {
        // The replication formats store these bytes: changing one would misread every existing log.
        List<String> expected = List.of("BUYBOOKS=1", "RATEBOOKS=2", "GETBOOKS=3", "GETTOPRATEDBOOKS=4",
                "GETEDITORPICKS=5", "ADDBOOKS=6", "ADDCOPIES=7", "LISTBOOKS=8", "GETSTOCKBOOKSBYISBN=9",
                "GETBOOKSINDEMAND=10", "UPDATEEDITORPICKS=11", "REMOVEBOOKS=12", "REMOVEALLBOOKS=13");
        List<String> codes = new ArrayList<>();
        for (Operation operation : Operation.values()) {
            codes.add(operation + "=" + operation.code());
            assertEquals(operation, Operation.ofCode(operation.code()));
        }
        assertEquals(expected, codes);
        assertNull(Operation.ofCode(0));
        assertNull(Operation.ofCode(14));
    }

    @Test
    void wholeStore_listingsPicksAndRemovingAll_readOrChangeTheWholeStore() {
        List<Operation> whole = new ArrayList<>();
        for (Operation operation : Operation.values()) {
            if (operation.wholeStore()) {
                whole.add(operation);
            }
        }
        assertEquals(List.of(Operation.GETTOPRATEDBOOKS, Operation.GETEDITORPICKS, Operation.LISTBOOKS,
                Operation.GETBOOKSINDEMAND, Operation.REMOVEALLBOOKS), whole);
    }

    @Test
    void applyTo_eachOperation_callsTheStoreMethodOfItsRowAndAnswersWhatItsRowSays() throws Exception {
        CertainBookStore store = new CertainBookStore(Locking.SINGLE);
        HashSet<Object> books = new HashSet<>(List.of(new ImmutableStockBook(1, "T", "A", 1.0f, 5, 0, 0, 0, false)));
        assertNull(Operation.ADDBOOKS.applyTo(store, store, books));
        assertNull(Operation.ADDCOPIES.applyTo(store, store, new HashSet<>(List.of(new BookCopy(1, 2)))));
        assertNull(Operation.BUYBOOKS.applyTo(store, store, new HashSet<>(List.of(new BookCopy(1, 3)))));

        assertEquals(4, ((StockBook) Operation.LISTBOOKS.applyTo(store, store, null).get(0)).getNumCopies());
        assertEquals(List.of(1), Operation.GETBOOKS.applyTo(store, store, new HashSet<>(List.of(1))).stream()
                .map(book -> book.getISBN()).collect(Collectors.toList()));
        assertThrows(BookStoreException.class,
                () -> Operation.BUYBOOKS.applyTo(store, store, new HashSet<>(List.of(new BookCopy(1, 9)))));
        assertNull(Operation.REMOVEALLBOOKS.applyTo(store, store, null));
        assertTrue(Operation.LISTBOOKS.applyTo(store, store, null).isEmpty());
    }

    @Test
    void checkArgument_setOfRightTypeOrExplicitNull_passes() {
        assertDoesNotThrow(() -> Operation.BUYBOOKS.checkArgument(WireRequest.of(new HashSet<>(Arrays.asList(new BookCopy(1, 1), null)))));
        assertDoesNotThrow(() -> Operation.BUYBOOKS.checkArgument(WireRequest.of(null)));
        assertDoesNotThrow(() -> Operation.GETEDITORPICKS.checkArgument(WireRequest.of(3)));
        assertDoesNotThrow(() -> Operation.LISTBOOKS.checkArgument(WireRequest.none()));
    }

    @Test
    void checkArgument_wrongMissingOrExtra_isRefusedNamingTheOperation() {
        assertRefused(Operation.BUYBOOKS, WireRequest.of(new HashSet<>(List.of(new BookRating(1, 1)))), "BUYBOOKS expects a set of BookCopy");
        assertRefused(Operation.BUYBOOKS, WireRequest.of(4), "BUYBOOKS expects a set of BookCopy");
        assertRefused(Operation.BUYBOOKS, WireRequest.none(), "BUYBOOKS is missing its argument");
        assertRefused(Operation.GETTOPRATEDBOOKS, WireRequest.of(null), "GETTOPRATEDBOOKS expects an int");
        assertRefused(Operation.GETTOPRATEDBOOKS, WireRequest.of(new HashSet<>()), "GETTOPRATEDBOOKS expects an int");
        assertRefused(Operation.REMOVEALLBOOKS, WireRequest.of(1), "REMOVEALLBOOKS takes no argument");
        assertRefused(Operation.ADDBOOKS, WireRequest.of(new HashSet<>(List.of(new ImmutableBook(1, "t", "a", 1)))),
                "ADDBOOKS expects a set of ImmutableStockBook");
    }

    private static void assertRefused(Operation operation, WireRequest request, String start) {
        WireFormatException e = assertThrows(WireFormatException.class, () -> operation.checkArgument(request));
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    @Test
    void checkResult_wrongBookTypeOrShape_isRefused() {
        ArrayList<Object> stock = new ArrayList<>(List.of(new ImmutableStockBook(1, "t", "a", 1, 1, 0, 0, 0, false)));
        ArrayList<Object> plain = new ArrayList<>(List.of(new ImmutableBook(1, "t", "a", 1)));
        assertDoesNotThrow(() -> Operation.GETBOOKS.checkResult(WireResponse.of(plain)));
        assertDoesNotThrow(() -> Operation.LISTBOOKS.checkResult(WireResponse.of(stock)));
        assertDoesNotThrow(() -> Operation.BUYBOOKS.checkResult(WireResponse.empty()));
        assertThrows(WireFormatException.class, () -> Operation.GETBOOKS.checkResult(WireResponse.of(stock)));
        assertThrows(WireFormatException.class, () -> Operation.LISTBOOKS.checkResult(WireResponse.of(plain)));
        assertThrows(WireFormatException.class, () -> Operation.LISTBOOKS.checkResult(WireResponse.empty()));
        assertThrows(WireFormatException.class, () -> Operation.BUYBOOKS.checkResult(WireResponse.of(plain)));
    }
}
