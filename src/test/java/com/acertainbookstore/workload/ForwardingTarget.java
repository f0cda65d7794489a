package com.acertainbookstore.workload;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.workload.targets.HealthProbe;
import com.acertainbookstore.workload.targets.Listing;
import com.acertainbookstore.workload.targets.ProcessSample;
import com.acertainbookstore.workload.targets.Target;
import java.util.List;

/**
 * A target that uses the given store interfaces (e.g. a broken wrapper) but prepares, samples,
 * probes, lists the store for the audit and closes like the wrapped target: the audit reads what
 * the store really holds. As thread-safe as the interfaces it is given.
 */
class ForwardingTarget implements Target {

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
    public List<Listing> listings() throws Exception {
        return wrapped.listings();
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
