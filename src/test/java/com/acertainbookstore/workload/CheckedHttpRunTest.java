package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Outcome;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.checking.CheckFailedException;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HttpTarget;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Short checking runs of the register profile over HTTP against a real server on a free loopback
 * port: the real store passes in a closed and an open loop; a client-side proxy that serves stale
 * reads is caught.
 */
class CheckedHttpRunTest {

    @TempDir
    Path dir;

    private BookStoreHTTPServer server;

    @BeforeEach
    void startServer() throws Exception {
        server = BookStoreHTTPServer.start(new CertainBookStore(Locking.TWO_LEVEL),
                ServerSettings.defaults().withPort(0));
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private WorkloadConfig overHttp() {
        return CheckedRunTest.registerCheck(dir).withLocal(false).withServer(server.baseUrl()).withCounts(0, 400);
    }

    @Test
    @Timeout(60)
    void run_closedLoopOnTheRealServer_isLinearizable() throws Exception {
        WorkloadConfig config = overHttp();

        WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

        History history = HistoryFile.read(CheckedRunTest.onlyHistory(dir.resolve("results")));
        assertEquals(8 * 400, history.calls().size());
        assertTrue(history.calls().stream().anyMatch(c -> c.outcome() == Outcome.REFUSED), "refusals over HTTP");
        CheckResult result = Checker.check(history, Budget.of(10, 512));
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), result.summary());
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }

    @Test
    @Timeout(60)
    void run_openLoopOnTheRealServer_isLinearizable() throws Exception {
        WorkloadConfig config = overHttp().withWindow(0.2, 1.0).withRates(1500).withWorkers(8);

        WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

        History history = HistoryFile.read(CheckedRunTest.onlyHistory(dir.resolve("results")));
        assertTrue(history.calls().size() >= 1000, history.calls().size() + " calls");
        assertEquals(Verdict.LINEARIZABLE, Checker.check(history, Budget.of(10, 512)).verdict());
    }

    @Test
    @Timeout(60)
    void run_proxyServingStaleReads_failsTheCheck() throws Exception {
        WorkloadConfig config = overHttp();
        BrokenStore[] broken = new BrokenStore[1];

        CheckFailedException e = assertThrows(CheckFailedException.class, () -> WorkloadMain.run(config, locking -> {
            Target http = HttpTarget.open(config, locking);
            broken[0] = new BrokenStore(http.bookStore(), http.stockManager(), BrokenStore.Fault.STALE_READS, 50);
            return new ForwardingTarget(http, broken[0], broken[0]);
        }));

        assertTrue(broken[0].faults() > 0);
        assertEquals(Verdict.VIOLATION, e.result().verdict(), e.getMessage());
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }
}
