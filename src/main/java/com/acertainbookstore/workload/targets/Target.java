package com.acertainbookstore.workload.targets;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.cluster.FaultTarget;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.workload.sampling.SampledProcess;
import java.util.List;

/**
 * The store a series runs against, and how to watch the process that hosts it. Implementations
 * are safe to share between the workers: the store interfaces are thread-safe, and
 * {@link #sample()} and {@link #close()} are called by the coordinator only.
 */
public interface Target extends AutoCloseable {

    /** The store's locking mode. */
    Locking locking();

    BookStore bookStore();

    StockManager stockManager();

    /** The store interface worker i calls: {@link #bookStore()} unless the target binds workers to replicas. */
    default BookStore bookStore(int worker) {
        return bookStore();
    }

    /** The stock interface worker i calls: {@link #stockManager()} unless the target binds workers to replicas. */
    default StockManager stockManager(int worker) {
        return stockManager();
    }

    /** The {@code /health} probe of an HTTP target, or null when there is none. */
    HealthProbe health();

    /** Resource counters of the process under test. */
    ProcessSample sample() throws Exception;

    /**
     * The JVMs of this target for the process sampler: the harness (this JVM) first, then the
     * server or the replicas it forked; a server it did not fork ({@code workload.server}) is not
     * among them. What they need to answer (their proxies) is the target's, closed with it.
     */
    default List<SampledProcess> processes() {
        return List.of(HarnessProcess.INSTANCE);
    }

    /**
     * Every copy of the store, listed for the audit once a repetition's calls ended: the store's
     * own listing, or, for a replicated store, each replica's once they all applied the same
     * index.
     */
    default List<Listing> listings() throws Exception {
        return List.of(new Listing("store", stockManager().getBooks()));
    }

    /**
     * Readies the target for that many workers calling at once, before they start and outside
     * any timed phase: over HTTP, opens their connections (see {@code HttpTarget}).
     */
    default void prepare(int workers) throws Exception {
    }

    /** The replicas faults act on, or null when the target has none (one server, in-process). */
    default FaultTarget faults() {
        return null;
    }

    /** Stops whatever the target started (clients, a forked server). */
    @Override
    void close();

    /** An in-process target: the given store in this JVM (tests pass a wrapped store here). */
    static Target inProcess(Locking locking, BookStore store, StockManager stock) {
        return new Target() {
            @Override
            public Locking locking() {
                return locking;
            }

            @Override
            public BookStore bookStore() {
                return store;
            }

            @Override
            public StockManager stockManager() {
                return stock;
            }

            @Override
            public HealthProbe health() {
                return null;
            }

            @Override
            public ProcessSample sample() {
                return ProcessSample.ofThisJvm();
            }

            @Override
            public void close() {
            }
        };
    }

    /** Opens the target of one locking mode; called once per series. */
    @FunctionalInterface
    interface Factory {
        Target open(Locking locking) throws Exception;
    }
}
