package com.acertainbookstore.workload.targets;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.client.BookStoreHTTPException;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.cluster.FaultTarget;
import com.acertainbookstore.cluster.FleetOptions;
import com.acertainbookstore.cluster.ReplicaFleet;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.replica.Warmup;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.server.ServerTls;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TemporaryCertificates;
import com.acertainbookstore.workload.sampling.SampledProcess;
import com.acertainbookstore.workload.settings.ReplicaClients;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The replicated store over HTTP: {@code workload.replicas} replicas forked for one series
 * ({@link ReplicaFleet}, loopback ports, storage under {@code workload.replicaStorage}), the
 * client proxies holding every replica's URL (the leader's first, so the workers' connections
 * open there), or with {@code workload.replicaClients=pinned} a pair of proxies per replica, worker
 * i calling replica i mod N alone; the workers' calls have {@code workload.callTimeoutSeconds}. The audit lists the books of every replica through a proxy of that replica alone,
 * once all of them applied the same index; the resource figures are the replicas' sum
 * ({@link ProcessSample#sum}). With {@code workload.tls}, TLS on every hop: certificates made for
 * the series in a temporary directory, the replicas serving HTTPS (client certificates required)
 * and speaking mutual TLS to each other, the proxies presenting the run's client certificate. With
 * {@code workload.hosts}, each replica is a host at an address of its own, TLS on every hop with
 * certificates the fleet makes for the series, naming those addresses (so {@code workload.tls}
 * changes nothing there); every proxy shares the fleet's one TLS context.
 * Safe to share between workers (the proxies are thread-safe); {@link #close()} stops the
 * proxies and the replicas and removes the certificates.
 */
final class ReplicatedTarget implements Target {

    /** The deadline of the harness's own calls (listings, metrics): far beyond any answer it should wait for. */
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    /** How long the replicas may take, once a repetition's calls ended, to apply the same index. */
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);

    private final Locking locking;
    private final ReplicaFleet fleet;
    private final List<AutoCloseable> proxies = new ArrayList<>();
    private final BookStoreHTTPProxy bookStore;
    private final StockManagerHTTPProxy stockManager;
    /** Replica i alone, for its {@code /metrics}. */
    private final List<BookStoreHTTPProxy> replicaStores = new ArrayList<>();
    /** Replica i's last sample; written by the coordinator only ({@link #sample}). */
    private final ProcessSample[] lastSamples;
    /** The harness, then replica i at index i + 1, as the process sampler sees them. */
    private final List<SampledProcess> processes = new ArrayList<>();
    /** Replica i alone, for its listing. */
    private final List<StockManagerHTTPProxy> replicaStocks = new ArrayList<>();
    /**
     * The workers' proxies: one shared pair holding every replica (the harness's own when the
     * workers' deadline is the harness's), or with pinned clients replica i alone at index i.
     */
    private final List<BookStoreHTTPProxy> workerStores = new ArrayList<>();
    private final List<StockManagerHTTPProxy> workerStocks = new ArrayList<>();

    /** The run's certificates (removed on close), or null: plain HTTP and Raft, or a fleet of hosts' own. */
    private final TemporaryCertificates certs;
    /** Whether the proxies speak TLS (the run's certificates, or a fleet of hosts' own). */
    private final boolean overTls;

    private ReplicatedTarget(Locking locking, ReplicaFleet fleet, String token, ReplicaClients clients,
            Duration callTimeout, TemporaryCertificates certs) throws Exception {
        this.locking = locking;
        this.fleet = fleet;
        this.certs = certs;
        // One TLS context for every proxy: their connections resume one session per replica. A
        // fleet of hosts has its own certificates, naming the replicas' addresses.
        ClientTls tls = fleet.clientTls() != null ? fleet.clientTls() : certs == null ? null : certs.clientTls();
        this.overTls = tls != null;
        this.lastSamples = new ProcessSample[fleet.size()];
        try {
            int leader = fleet.leader();
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < fleet.size(); i++) {
                urls.add(fleet.url((leader + i) % fleet.size()).toString());
            }
            List<String> stockUrls = urls.stream().map(url -> url + "/stock").toList();
            this.bookStore = open(new BookStoreHTTPProxy(urls, CALL_TIMEOUT, token, tls));
            this.stockManager = open(new StockManagerHTTPProxy(stockUrls, CALL_TIMEOUT, token, tls));
            processes.add(HarnessProcess.INSTANCE);
            for (int i = 0; i < fleet.size(); i++) {
                URI url = fleet.url(i);
                int replica = i;
                processes.add(open(new ServerJvmProcess(fleet.id(i), () -> pid(replica),
                        new BookStoreHTTPProxy(url.toString(), ServerJvmProcess.METRICS_TIMEOUT, token, tls))));
                replicaStores.add(open(new BookStoreHTTPProxy(url.toString(), CALL_TIMEOUT, token, tls)));
                replicaStocks.add(open(new StockManagerHTTPProxy(url + "/stock", CALL_TIMEOUT, token, tls)));
                if (clients == ReplicaClients.PINNED) {
                    workerStores.add(open(new BookStoreHTTPProxy(url.toString(), callTimeout, token, tls)));
                    workerStocks.add(open(new StockManagerHTTPProxy(url + "/stock", callTimeout, token, tls)));
                }
            }
            if (clients == ReplicaClients.FAILOVER) {
                boolean same = callTimeout.equals(CALL_TIMEOUT);
                workerStores.add(same ? bookStore : open(new BookStoreHTTPProxy(urls, callTimeout, token, tls)));
                workerStocks.add(same ? stockManager : open(new StockManagerHTTPProxy(stockUrls, callTimeout, token, tls)));
            }
        } catch (Exception | Error e) {
            closeProxies();
            throw e;
        }
    }

    private <P extends AutoCloseable> P open(P proxy) {
        proxies.add(proxy);
        return proxy;
    }

    /**
     * Forks the replicas (in the given locking mode when the settings name modes, else in their
     * default mode), waits until they agree on a leader, and connects to them.
     */
    static Target open(WorkloadConfig config, Locking locking) throws Exception {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(ReplicaFleet.READS, config.replicaReads.toString());
        settings.put(Warmup.PROPERTY, String.valueOf(config.replicaWarmupSeconds));
        if (!config.lockings.isEmpty()) {
            settings.put(ReplicaFleet.LOCKING, locking.name());
        }
        // A fleet of hosts makes certificates of its own once it knows the replicas' addresses.
        TemporaryCertificates certs = config.tls && !config.hosts
                ? TemporaryCertificates.make("bookstore-workload-certs-") : null;
        ReplicaFleet fleet = null;
        try {
            if (certs != null) {
                // One node certificate for every replica (it names loopback, where they all listen);
                // replica.tls.* default to these, so the Raft port speaks mutual TLS too.
                settings.put(ServerSettings.TLS_CERT, certs.nodeCert().toString());
                settings.put(ServerSettings.TLS_KEY, certs.nodeKey().toString());
                settings.put(ServerSettings.TLS_CA, certs.ca().toString());
                settings.put(ServerSettings.TLS_CLIENT_AUTH, ServerTls.ClientAuth.REQUIRED.toString());
            }
            String prefix = "replica-" + locking.name() + "-";
            FleetOptions options = FleetOptions.of(config.replicas,
                    config.replicaStorage.resolve(locking.name())).withLogs(config.resultsDir, prefix)
                    .withProperties(settings).withJvmOptions(config.serverJvmArgs).withToken(config.token)
                    .withRuntime(config.serverRuntime)
                    .withStartTimeout(Duration.ofMillis((long) (config.serverStartSeconds * 1000)));
            if (!config.serverAotCache) {
                options = options.withoutAotCache();
            }
            if (config.hosts) {
                // Each replica a host: in a network namespace at an address of its own, TLS on every hop.
                options = options.withHosts();
            } else if (config.faults.partitions()) {
                // Each replica in a network namespace of its own, reached through a relay (ReplicaFleet).
                options = options.withPartitions();
            }
            System.out.println("starting " + config.replicas + " replica JVMs (" + (config.lockings.isEmpty()
                    ? "default locking" : locking) + ", " + config.replicaReads + " reads"
                    + (config.replicaWarmupSeconds > 0 ? ", each warming up " + config.replicaWarmupSeconds + " s first"
                    : "") + switch (options.network()) {
                        case LOOPBACK -> "";
                        case PRIVATE -> ", each in a network namespace";
                        case HOSTS -> ", each a host in a network namespace of its own, TLS on every hop with"
                                + " certificates the fleet makes for their addresses";
                    }
                    + (certs == null ? "" : ", TLS on every hop with certificates in " + certs.dir()) + ") on "
                    + config.serverRuntime.describe() + ", logs "
                    + config.resultsDir.resolve(prefix + "r<i>.log") + ", storage " + options.storage());
            fleet = ReplicaFleet.start(options);
            // A partitionable fleet makes a token when none was given: its replicas listen beyond loopback.
            ReplicatedTarget target = new ReplicatedTarget(locking, fleet, fleet.token() == null ? null
                    : fleet.token().value(), config.replicaClients,
                    Duration.ofMillis((long) (config.callTimeoutSeconds * 1000)), certs);
            System.out.println("replicas up at " + fleet.urls() + (fleet.hostAddress() == null ? ""
                    : " (Raft peers " + fleet.peers() + "; this host " + fleet.hostAddress() + ", namespaces "
                    + fleet.namespaces() + ")") + ", leader " + fleet.id(fleet.leader()));
            return target;
        } catch (Exception | Error e) {
            if (fleet != null) {
                fleet.close();
            }
            if (certs != null) {
                removeQuietly(certs);
            }
            throw e;
        }
    }

    private static void removeQuietly(TemporaryCertificates certs) {
        try {
            certs.close();
        } catch (IOException e) {
            System.err.println("the run's certificates in " + certs.dir() + " could not be removed: " + e);
        }
    }

    @Override
    public Locking locking() {
        return locking;
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
    public BookStore bookStore(int worker) {
        return workerStores.get(worker % workerStores.size());
    }

    @Override
    public StockManager stockManager(int worker) {
        return workerStocks.get(worker % workerStocks.size());
    }

    @Override
    public HealthProbe health() {
        return bookStore::health;
    }

    /** Every replica's books, read from that replica once all applied the index the leader committed. */
    @Override
    public List<Listing> listings() throws Exception {
        long deadline = System.nanoTime() + CONVERGENCE.toNanos();
        fleet.awaitApplied(CONVERGENCE);
        List<Listing> listings = new ArrayList<>();
        for (int i = 0; i < replicaStocks.size(); i++) {
            listings.add(new Listing(fleet.id(i), books(replicaStocks.get(i), deadline)));
        }
        return listings;
    }

    /**
     * One replica's books. A proxy of one URL does not re-send a call, and a replica answers
     * {@code 503} to a linearizable read it cannot serve within its own deadline: right after a
     * point of 2,000 threads the replicas were still working off calls their clients had given
     * up on, and a listing got {@code 503 not served} although every replica had applied the same
     * index. A read changes nothing, so it is asked again until the convergence deadline.
     */
    private static List<StockBook> books(StockManagerHTTPProxy replica, long deadline) throws Exception {
        while (true) {
            try {
                return replica.getBooks();
            } catch (BookStoreHTTPException e) {
                if (e.status() != 503 || System.nanoTime() > deadline) {
                    throw e;
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
        }
    }

    /**
     * Waits until every replica applied the store's reset (so that a replica serving stale reads
     * does not answer the first calls from before it), then opens the workers' connections: to
     * the replica the shared proxies start with (the leader), or to each pinned one.
     */
    @Override
    public void prepare(int workers) throws Exception {
        fleet.awaitApplied(CONVERGENCE);
        int each = (workers + workerStores.size() - 1) / workerStores.size();
        for (int i = 0; i < workerStores.size(); i++) {
            workerStores.get(i).openConnections(each);
            workerStocks.get(i).openConnections(each);
        }
    }

    /**
     * The replicas' figures summed ({@link ProcessSample#sum}). A replica killed or paused by a
     * fault cannot answer (nor can one restarting): its last sample stands in for it, so under faults these figures are
     * approximate (a restarted replica's counters start again from zero).
     */
    @Override
    public ProcessSample sample() throws Exception {
        List<ProcessSample> samples = new ArrayList<>();
        for (int i = 0; i < replicaStores.size(); i++) {
            if (lastSamples[i] == null || (fleet.isAlive(i) && !fleet.isPaused(i))) {
                try {
                    lastSamples[i] = ProcessSample.ofServerMetrics(replicaStores.get(i).serverMetrics());
                } catch (BookStoreException e) {
                    // Restarting after a fault, not serving yet: its last sample stands.
                    if (lastSamples[i] == null) {
                        throw e;
                    }
                }
            }
            samples.add(lastSamples[i]);
        }
        return ProcessSample.sum(samples);
    }

    /** The harness and every replica, by its id; a restarted replica keeps its id under its new pid. */
    @Override
    public List<SampledProcess> processes() {
        return List.copyOf(processes);
    }

    /** Replica i's pid while it runs, else -1. */
    private long pid(int replica) {
        ProcessHandle process = fleet.isAlive(replica) ? fleet.process(replica) : null;
        return process == null ? -1 : process.pid();
    }

    /** The forked replicas, for the fault plan: the fleet itself. */
    @Override
    public FaultTarget faults() {
        return fleet;
    }

    /**
     * Prints the replicas' TLS handshakes per call, summed over the replicas (their calls to each
     * other count too): kept-alive connections make it far below one.
     */
    private void reportHandshakes() {
        long handshakes = 0;
        long calls = 0;
        for (BookStoreHTTPProxy replica : replicaStores) {
            try {
                Map<Metric, Long> metrics = replica.serverMetrics();
                handshakes += metrics.getOrDefault(Metric.TLS_HANDSHAKES, 0L);
                calls += metrics.getOrDefault(Metric.CALLS, 0L);
            } catch (BookStoreException e) {
                System.out.println("replicas: TLS handshakes not known (" + e.getMessage() + ")");
                return;
            }
        }
        if (calls > 0) {
            System.out.printf(Locale.ROOT, "replicas: %,d TLS handshakes for %,d calls (%.5f per call)%n", handshakes,
                    calls, (double) handshakes / calls);
        }
    }

    @Override
    public void close() {
        if (overTls) {
            reportHandshakes();
        }
        try {
            closeProxies();
        } finally {
            fleet.close();
            System.out.println("replica JVMs stopped");
            if (certs != null) {
                removeQuietly(certs);
            }
        }
    }

    private void closeProxies() {
        for (AutoCloseable proxy : proxies) {
            try {
                proxy.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + proxy + " failed", e);
            }
        }
    }
}
