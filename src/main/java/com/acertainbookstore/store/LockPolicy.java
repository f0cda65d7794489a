package com.acertainbookstore.store;

import com.acertainbookstore.business.Locking;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * Which locks a store call takes, by the scope of what it touches. The store's logic is written
 * once against these four scopes; a {@link Locking} mode only decides the locks behind them.
 * Package-private so that tests can build a deliberately broken policy.
 *
 * <p>Safe to share: the locks are the only state.
 */
abstract class LockPolicy {

    /**
     * Guards the set of books, the editor-pick index and (in single mode) every stock field. A
     * {@link SpinningReadWriteLock}: non-fair and non-reentrant (no call takes it twice), and a
     * waiter spins briefly before parking, which matters when critical sections last a few
     * hundred nanoseconds.
     */
    final ReadWriteLock storeLock = new SpinningReadWriteLock();

    static LockPolicy of(Locking locking) {
        return switch (locking) {
            case SINGLE -> new Single();
            case TWO_LEVEL -> new TwoLevel();
        };
    }

    /** Reading which books exist and their fixed fields, or the editor-pick index. */
    Lock structureRead() {
        return storeLock.readLock();
    }

    /** Changing which books exist, or any editor flag. */
    Lock storeWrite() {
        return storeLock.writeLock();
    }

    /** Reading the stock of every book at once. */
    abstract Lock wholeStoreRead();

    /** The store-level lock held while named books' stock is read or written. */
    abstract Lock namedBooks(boolean write);

    /**
     * Locks the given books, sorted by ascending ISBN, after {@link #namedBooks} is held, without
     * waiting: returns -1 when every lock is held, or the index of the first book whose lock is
     * busy, having released the ones it took.
     */
    abstract int tryLockBooks(BookEntry[] sortedBooks, boolean write);

    /** Releases what {@link #tryLockBooks} took. */
    abstract void unlockBooks(BookEntry[] sortedBooks, boolean write);

    /**
     * Waits, holding no other lock, until the book's lock can be taken in the given mode, then
     * leaves it free again.
     */
    abstract void awaitBook(BookEntry book, boolean write);

    /** One lock over everything: the book-level step does nothing. */
    static class Single extends LockPolicy {

        @Override
        Lock wholeStoreRead() {
            return storeLock.readLock();
        }

        @Override
        Lock namedBooks(boolean write) {
            return write ? storeLock.writeLock() : storeLock.readLock();
        }

        @Override
        int tryLockBooks(BookEntry[] sortedBooks, boolean write) {
            return -1;
        }

        @Override
        void unlockBooks(BookEntry[] sortedBooks, boolean write) {
        }

        @Override
        void awaitBook(BookEntry book, boolean write) {
        }
    }

    /** Store lock shared plus per-book locks in ascending ISBN order; whole-store reads exclusive. */
    static class TwoLevel extends LockPolicy {

        @Override
        Lock wholeStoreRead() {
            // Book writers hold the store lock shared, so a consistent view of every book's stock
            // needs the store lock exclusively.
            return storeLock.writeLock();
        }

        @Override
        Lock namedBooks(boolean write) {
            return storeLock.readLock();
        }

        @Override
        int tryLockBooks(BookEntry[] sortedBooks, boolean write) {
            for (int i = 0; i < sortedBooks.length; i++) {
                if (!bookLock(sortedBooks[i], write).tryLock()) {
                    for (int j = i - 1; j >= 0; j--) {
                        bookLock(sortedBooks[j], write).unlock();
                    }
                    return i;
                }
            }
            return -1;
        }

        @Override
        void unlockBooks(BookEntry[] sortedBooks, boolean write) {
            for (int i = sortedBooks.length - 1; i >= 0; i--) {
                bookLock(sortedBooks[i], write).unlock();
            }
        }

        @Override
        void awaitBook(BookEntry book, boolean write) {
            Lock lock = bookLock(book, write);
            lock.lock();
            lock.unlock();
        }

        private static Lock bookLock(BookEntry book, boolean write) {
            return write ? book.lock.writeLock() : book.lock.readLock();
        }
    }
}
