package com.acertainbookstore.history;

import java.util.List;

/**
 * The model of the register profile's histories ({@code workload.profile=register}): every call
 * is a {@code buyBooks}, {@code addCopies} or {@code getBooksByISBN} naming one ISBN, so the
 * history splits per ISBN and each part is one book's stock, a register of (copies, sale misses)
 * ({@link RegisterPart}). It fits only such histories ({@link #fits}); the checker takes the
 * {@link StoreModel} for any other. Stateless; safe to share.
 */
final class RegisterModel implements Model<long[]> {

    static final RegisterModel INSTANCE = new RegisterModel();

    private RegisterModel() {
    }

    /** Whether every call is one of the register's three, on one ISBN. */
    static boolean fits(List<HistoryCall> calls) {
        for (HistoryCall call : calls) {
            boolean registerCall = switch (call.method()) {
                case BUY_BOOKS, ADD_COPIES, GET_BOOKS_BY_ISBN -> call.isbns().length == 1;
                case ADD_BOOKS, REMOVE_BOOKS, GET_BOOKS, GET_EDITOR_PICKS -> false;
            };
            if (!registerCall) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String name() {
        return "register";
    }

    @Override
    public List<Part> partition(List<BookView> initial, List<HistoryCall> calls) {
        if (!fits(calls)) {
            throw new IllegalArgumentException("the register model fits only buyBooks, addCopies and getBooksByISBN"
                    + " calls on one ISBN each");
        }
        return StoreModel.perIsbn(initial, calls);
    }

    @Override
    public PartModel<long[]> compile(List<BookView> initial, List<HistoryCall> universe, List<HistoryCall> calls) {
        return new RegisterPart(initial, universe, calls);
    }
}
