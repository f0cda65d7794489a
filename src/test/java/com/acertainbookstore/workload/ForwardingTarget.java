package com.acertainbookstore.workload;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.workload.running.HealthProbe;
import com.acertainbookstore.workload.running.ProcessSample;
import com.acertainbookstore.workload.running.Target;

/**
 * A target that uses the given store interfaces (e.g. a broken wrapper) but prepares, samples,
 * probes and closes like the wrapped target. As thread-safe as the interfaces it is given.
 */
final class ForwardingTarget implements Target {

    private final Target wrapped;
    private final BookStore bookStore;
    private final StockManager stockManager;

    ForwardingTarget(Target wrapped, BookStore bookStore, StockManager stockManager) {
        this.wrapped = wrapped;
        this.bookStore = bookStore;
        this.stockManager = stockManager;
    }

    @Override
    public Locking locking() {
        return wrapped.locking();
    }

    @Override
    public BookStore bookStore() {
        return bookStore;
    }

    @Override
    public StockManager stockManager() {
        return stockManager;
    }

    @Override
    public HealthProbe health() {
        return wrapped.health();
    }

    @Override
    public void prepare(int workers) throws Exception {
        wrapped.prepare(workers);
    }

    @Override
    public ProcessSample sample() throws Exception {
        return wrapped.sample();
    }

    @Override
    public void close() {
        wrapped.close();
    }
}
