package com.acertainbookstore.business;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;

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
     * {@link StampedLock} seen as a read-write lock: non-fair and non-reentrant (no call takes it
     * twice), and it spins briefly before parking, which matters when critical sections last a
     * few hundred nanoseconds (see {@link BookEntry#lock}).
     */
    final ReadWriteLock storeLock = new StampedLock().asReadWriteLock();

    static LockPolicy of(Locking locking) {
        switch (locking) {
            case SINGLE:
                return new Single();
            case TWO_LEVEL:
                return new TwoLevel();
            default:
                throw new IllegalArgumentException("locking mode " + locking + " has no policy");
        }
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

    /** Locks the given books, sorted by ascending ISBN, after {@link #namedBooks} is held. */
    abstract void lockBooks(BookEntry[] sortedBooks, boolean write);

    /** Releases what {@link #lockBooks} took. */
    abstract void unlockBooks(BookEntry[] sortedBooks, boolean write);

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
        void lockBooks(BookEntry[] sortedBooks, boolean write) {
        }

        @Override
        void unlockBooks(BookEntry[] sortedBooks, boolean write) {
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
        void lockBooks(BookEntry[] sortedBooks, boolean write) {
            for (BookEntry book : sortedBooks) {
                (write ? book.lock.writeLock() : book.lock.readLock()).lock();
            }
        }

        @Override
        void unlockBooks(BookEntry[] sortedBooks, boolean write) {
            for (int i = sortedBooks.length - 1; i >= 0; i--) {
                BookEntry book = sortedBooks[i];
                (write ? book.lock.writeLock() : book.lock.readLock()).unlock();
            }
        }
    }
}
