package com.acertainbookstore.client;

/**
 * A whole answer from one server, read while its connection was still the call's: the status,
 * the result of a 200 ({@code value}) or the server's error as an exception ({@code failure}, for
 * any other status), and the {@code Bookstore-Leader} value it carried ({@code null} if none).
 * Immutable.
 *
 * @param <T> the result's type
 */
record Reply<T>(int status, T value, BookStoreHTTPException failure, String leader) {

    static <T> Reply<T> ok(T value, String leader) {
        return new Reply<>(200, value, null, leader);
    }

    static <T> Reply<T> failed(int status, BookStoreHTTPException failure, String leader) {
        return new Reply<>(status, null, failure, leader);
    }
}
