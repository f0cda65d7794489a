package com.acertainbookstore.protocol;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
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
