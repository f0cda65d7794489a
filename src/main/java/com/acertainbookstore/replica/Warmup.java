package com.acertainbookstore.replica;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Warms a replica's JVM before the replica starts: a scratch group of three replicas in this JVM
 * (loopback ports, storage in a temporary directory deleted after), driven over HTTP by a few
 * client threads through every call of the two interfaces, for a given time or {@value #CALLS}
 * calls, whichever comes first; then everything is closed. The real replica that starts next runs code the JIT has already compiled for every role
 * (leader, follower; Raft, the batcher, the read rounds, Jetty and the XML codec), since compiled
 * code is shared by every instance in a JVM. Nothing of the scratch group touches the real
 * replica's storage, ports or group.
 *
 * <p><b>Why.</b> On this project's two cores a fresh replica JVM ran at a fraction of its speed
 * for about a minute, and a follower that became leader (a leader cut off, paused or killed)
 * compiled the leader's paths under load while its clients waited; docs/decisions/replica-warmup.md has the
 * figures. A replica whose JVM warmed this way leads at speed at once.
 *
 * <p>Not thread-safe: one call of {@link #run} at a time, from the replica's main thread; the
 * client threads it starts end before it returns, whatever happened.
 */
public final class Warmup {

    /** The property: seconds of warm-up, 0 (the default) for none. */
    public static final String PROPERTY = ReplicaConfig.PREFIX + "warmupSeconds";
    /** The longest warm-up accepted. */
    static final int MAX_SECONDS = 300;
    /** Client threads driving the scratch group. */
    static final int THREADS = 8;
    /**
     * The calls after which a warm-up ends before its time, on a fast or idle machine. How many a
     * warm-up makes here, together or beside a loaded group: docs/decisions/replica-warmup.md.
     */
    static final long CALLS = 10_000;
    /** Tries, 100 ms apart, at removing the scratch storage of a JVM that exits during its warm-up. */
    private static final int REMOVAL_TRIES = 100;
    /** Books in the scratch store. */
    private static final int BOOKS = 40;

    private Warmup() {
    }

    /**
     * The warm-up time set by {@value #PROPERTY} (0 when absent).
     *
     * @throws IllegalArgumentException naming the property, for a value that is not a whole number
     *     of seconds in 0..{@value #MAX_SECONDS}
     */
    public static Duration of(String value) {
        if (value == null) {
            return Duration.ZERO;
        }
        int seconds;
        try {
            seconds = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + " '" + value + "' is invalid: not an integer");
        }
        if (seconds < 0 || seconds > MAX_SECONDS) {
            throw new IllegalArgumentException(PROPERTY + " '" + value + "' is invalid: must be in 0.."
                    + MAX_SECONDS + " seconds");
        }
        return Duration.ofSeconds(seconds);
    }

    /**
     * Runs the scratch group for {@code length} or {@value #CALLS} calls, whichever comes first
     * (nothing for a zero length), and closes it.
     *
     * @param locking the store's locking mode, as the real replica's
     * @return calls made (refusals of the store included: they exercise the same paths)
     * @throws IOException the scratch group could not start (the caller may start the replica
     *     anyway: a warm-up is an optimisation)
     */
    public static long run(Duration length, Locking locking) throws IOException, InterruptedException {
        if (length.isZero() || length.isNegative()) {
            return 0;
        }
        Path storage = Files.createTempDirectory("bookstore-warmup-");
        // Started by now and then read by the shutdown hook below, from another thread.
        List<Replica> replicas = new CopyOnWriteArrayList<>();
        // A JVM that exits during the warm-up (SIGTERM, its parent gone) closes the scratch group
        // and removes its storage too.
        Thread removeStorage = new Thread(() -> removeScratch(replicas, storage), "warmup-storage-removal");
        Runtime.getRuntime().addShutdownHook(removeStorage);
        try {
            int[] ports = LoopbackPorts.pick(6);
            List<PeerAddress> peers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                peers.add(new PeerAddress(LoopbackPorts.HOST, ports[2 * i], ports[2 * i + 1]));
            }
            UUID group = UUID.randomUUID();
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                // No leadership hand-off in the scratch group: its replicas share one cold JVM.
                ReplicaConfig config = ReplicaConfig.of(i, peers, group, storage)
                        .withRaft(ReplicaSettings.DEFAULT.withLocking(locking))
                        .withService(ServiceSettings.DEFAULT.withWarmAfter(Duration.ZERO));
                replicas.add(Replica.start(config, false));
                urls.add(replicas.get(i).httpUrl());
            }
            return drive(urls, length);
        } finally {
            closeAll(replicas);
            Directories.deleteTree(storage);
            try {
                Runtime.getRuntime().removeShutdownHook(removeStorage);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or about to: it removes what is left.
            }
        }
    }

    /** Drives the scratch group through its URLs for {@code length}; returns the calls made. */
    private static long drive(List<String> urls, Duration length) throws IOException, InterruptedException {
        Duration timeout = Duration.ofSeconds(30);
        List<String> stockUrls = urls.stream().map(url -> url + "/stock").toList();
        LongAdder calls = new LongAdder();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (BookStoreHTTPProxy store = new BookStoreHTTPProxy(urls, timeout, null);
                StockManagerHTTPProxy stock = new StockManagerHTTPProxy(stockUrls, timeout, null)) {
            Set<StockBook> books = new HashSet<>();
            for (int isbn = 1; isbn <= BOOKS; isbn++) {
                books.add(new ImmutableStockBook(isbn, "Warm-up " + isbn, "Author " + isbn, 10f, 50, 0, 0, 0,
                        isbn % 4 == 0));
            }
            try {
                stock.addBooks(books);
            } catch (BookStoreException e) {
                throw new IOException("the warm-up group refused its books: " + e.getMessage(), e);
            }
            long end = System.nanoTime() + length.toNanos();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Thread thread = new Thread(() -> {
                    try {
                        while (System.nanoTime() < end && calls.sum() < CALLS && failure.get() == null) {
                            oneCall(store, stock);
                            calls.increment();
                        }
                    } catch (RuntimeException | Error e) {
                        failure.compareAndSet(null, e);
                    }
                }, "replica-warmup-" + t);
                thread.setDaemon(true);
                threads.add(thread);
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join(length.toMillis() + TimeUnit.SECONDS.toMillis(60));
            }
        }
        if (failure.get() != null) {
            throw new IOException("a warm-up thread failed: " + failure.get(), failure.get());
        }
        return calls.sum();
    }

    /** One call of the mix: mostly customers' reads and buys, then the stock manager's calls. */
    private static void oneCall(BookStoreHTTPProxy store, StockManagerHTTPProxy stock) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int isbn = 1 + random.nextInt(BOOKS);
        try {
            switch (random.nextInt(10)) {
                case 0, 1, 2 -> store.getEditorPicks(5);
                case 3, 4 -> store.buyBooks(Set.of(new BookCopy(isbn, 1)));
                case 5 -> store.getBooks(Set.of(isbn, isbn % BOOKS + 1));
                case 6 -> store.rateBooks(Set.of(new BookRating(isbn, random.nextInt(6))));
                case 7 -> stock.addCopies(Set.of(new BookCopy(isbn, 2)));
                case 8 -> {
                    stock.getBooksInDemand();
                    stock.getBooksByISBN(Set.of(isbn));
                }
                default -> {
                    stock.getBooks();
                    stock.updateEditorPicks(Set.of(new BookEditorPick(isbn, random.nextBoolean())));
                }
            }
        } catch (BookStoreException refusedOrUnavailable) {
            // A refusal (no copies left) runs the same paths; a call the group could not answer is
            // simply not counted: the warm-up only needs the code to run.
        }
    }

    /**
     * Closes the scratch group and removes its storage as the JVM exits mid-way. Tries again for a
     * while: the warm-up's own thread may still be starting a replica of the group (it is closed
     * at the next try), and a replica being closed may still be writing its last files.
     */
    private static void removeScratch(List<Replica> replicas, Path storage) {
        for (int attempt = 1; Files.exists(storage); attempt++) {
            closeAll(replicas);
            try {
                Directories.deleteTree(storage);
            } catch (IOException | RuntimeException e) {
                if (attempt == REMOVAL_TRIES) {
                    System.err.println("Warm-up: the scratch storage " + storage + " could not be removed: " + e);
                    return;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void closeAll(List<Replica> replicas) {
        for (Replica replica : replicas) {
            try {
                replica.close();
            } catch (IOException | RuntimeException e) {
                System.err.println("warm-up: closing " + replica.name() + " failed: " + e);
            }
        }
    }
}
