package com.acertainbookstore.business;

/**
 * A book as a customer sees it: ISBN, title, author and price, no stock.
 *
 * <p>Implementations are immutable and safe to share between threads.
 */
public interface Book {

    int getISBN();

    String getTitle();

    String getAuthor();

    float getPrice();
}
