package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.replica.LoopbackPorts;
import com.acertainbookstore.replica.ReplicaConfig;
import com.acertainbookstore.replica.ReplicaMain;
import com.acertainbookstore.replica.ReplicaTlsFiles;
import com.acertainbookstore.replication.ReplicaGroup;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.tls.ClientTls;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;

/**
 * A group of N replicas ({@link ReplicaMain}), each in its own JVM on loopback ports this fleet
 * chooses (one for Raft, one for HTTP), all storing under one directory, each writing its output
 * to a log file of its own. {@link #start} returns once every replica answers {@code /health} and
 * all of them name the same leader. A replica can be killed (SIGKILL) and restarted on the same
 * ports and storage; {@link #close()} stops them all, and a shutdown hook per replica stops it
 * if this JVM exits first, so nothing is left running however this JVM ends (the replicas also
 * exit at the end of their stdin, which a SIGKILL of this JVM closes).
 *
 * <p>A replica can also be paused (SIGSTOP) and resumed (SIGCONT), as a long GC pause would stop
 * it; a paused replica is left out of the status surveys (it cannot answer), and {@link #close()}
 * resumes it before stopping it.
 *
 * <p>Started with {@link FleetOptions#partitions}, the fleet can cut a replica off from the others
 * ({@link #isolate}, {@link #heal}): each replica then runs in a network namespace of its own
 * ({@link ReplicaNetwork}), listening on its address there, and serves its HTTP calls on a
 * Unix-domain socket too, which a {@link SocketRelay} per replica offers on a loopback port of this
 * host: {@link #urls()} are the relays', and the replicas name them in their leader header
 * ({@code replica.clientUrls}). Since the replicas then listen beyond loopback, they require a
 * token; the fleet makes one when none was given ({@link #token()}).
 *
 * <p>With {@code bookstore.tls.*} and {@code replica.tls.*} among {@link FleetOptions#properties}
 * (or only the former: the latter default to it), every replica serves HTTPS and speaks mutual TLS
 * with the others, on the Raft port and on its calls to them; {@link #urls()} are {@code https}
 * URLs, and the fleet's own {@code /health} calls present the replicas' certificate and trust
 * their authority, as the replicas' calls to each other do.
 *
 * <p>Started with {@link FleetOptions#withHosts}, each replica runs as a host of its own: in a
 * network namespace with an address of its own, on a subnet this machine routes to
 * ({@link ReplicaNetwork#createHosts}), where clients in this machine's namespace reach it;
 * {@link #urls()} are {@code https://} at those addresses, the replicas serving HTTPS with
 * certificates the fleet makes for the run, naming them, and requiring the run's client
 * certificate ({@link #clientTls()}); a cut sets the replica's link to the others down. Nothing
 * goes through loopback.
 *
 * <p>The fleet is the {@link FaultTarget} of a fault plan. It composes one part per job: the
 * processes ({@link ReplicaProcesses}), the pauses ({@link Pauses}, each with its
 * {@link PauseGuard}), the partitions ({@link Partitions}), the health survey
 * ({@link HealthSurvey}, whose convergence failures carry log lines and thread dumps:
 * {@link ConvergenceReport}, {@link ThreadDumps}) and the storage root ({@link FleetStorage}).
 *
 * <p>Thread safety: safe to share. {@link #kill}, {@link #pause}, {@link #resume} and
 * {@link #close} are synchronized on the fleet (they replace, signal or stop the replica
 * processes; the fleet's lock guards the processes and the pauses, which are not safe to share on
 * their own); {@link #restart} holds that lock only to fork, not while it waits for the replica to
 * serve, so a pause can end meanwhile. The status calls read the fixed ports and URLs and ask the
 * replicas over HTTP.
 */
public final class ReplicaFleet implements FaultTarget, AutoCloseable {

    /** The replicas' read mode setting ({@code linearizable} or {@code stale}, {@code ReadMode}). */
    public static final String READS = ReplicaConfig.PREFIX + "reads";
    /** The replicas' store locking setting (a {@code Locking} name). */
    public static final String LOCKING = ServerSettings.PREFIX + "locking";
    /** Starts on ports another program took meanwhile are tried again on new ports, this often. */
    private static final int START_ATTEMPTS = 3;

    private final FleetOptions options;
    /** The token the replicas require: the options', or one made for a partitionable fleet; or null. */
    private final BearerToken token;
    /** A partitionable fleet's namespaces and relays, else null. */
    private final Partitions partitions;
    /** A fleet of hosts' certificates and client context, else null (plain HTTP). */
    private final FleetTls hostsTls;
    /** Its processes are guarded by {@code this}; its ports, URLs and log paths are fixed. */
    private final ReplicaProcesses processes;
    /** Guarded by {@code this}. */
    private final Pauses pauses;
    private final HealthSurvey survey;
    /** Guarded by {@code this}. */
    private boolean closed;

    /**
     * With {@code hostsTls} (a fleet of hosts), the replicas get its files and the fleet calls them
     * with its client context; otherwise {@code tls} calls replicas that serve HTTPS, or is null.
     */
    private ReplicaFleet(FleetOptions options, int[] ports, Partitions partitions, FleetTls hostsTls, AotCache aot,
            SSLContext tls) {
        this.options = options;
        this.partitions = partitions;
        this.hostsTls = hostsTls;
        this.token = options.token() != null || partitions == null ? options.token() : madeToken();
        SSLContext calls = hostsTls != null ? hostsTls.client().context() : tls;
        this.processes = new ReplicaProcesses(options, ports, partitions, hostsTls, token, aot, calls);
        this.pauses = new Pauses(options.replicas());
        this.survey = new HealthSurvey(processes.urls(), i -> isAlive(i) && !isPaused(i),
                new ConvergenceReport(this::log, this::process), calls);
    }

    /**
     * Starts the replicas on fresh storage and waits until every one answers {@code /health} and
     * all name one leader. A replica that could not bind a port another program took meanwhile
     * makes the whole fleet start again on new ports (at most {@value #START_ATTEMPTS} times).
     *
     * @throws IllegalArgumentException the storage directory holds something no fleet made, or a
     *     TLS file cannot be read or used (the message names the setting and the file)
     * @throws IOException a replica did not start (the message names it, its last line and its
     *     log) or no leader was known in time; every replica is stopped first
     */
    public static ReplicaFleet start(FleetOptions options) throws IOException, InterruptedException {
        for (int attempt = 1;; attempt++) {
            FleetStorage.prepare(options.storage());
            AotCache aot = options.aotCache()
                    ? AotCache.of(options.runtime(), options.storage().toAbsolutePath(), ChildJvm.classPath())
                    : null;
            if (!options.aotCache() && attempt == 1 && options.runtime().feature() >= AotCache.MIN_FEATURE) {
                System.out.println("AOT cache off: the replicas on " + options.runtime().describe()
                        + " start without one");
            }
            if (aot != null && attempt == 1) {
                List<String> jvm = new ArrayList<>(ChildJvm.SERVER_OPTIONS);
                jvm.addAll(options.jvmOptions());
                aot.train(jvm, options.properties(), options.logs().resolve(options.logPrefix() + "aot-training.log"),
                        System.out);
            }
            ReplicaFleet fleet = create(options, aot);
            boolean started = false;
            try {
                long deadline = System.nanoTime() + options.firstStartTimeout().toNanos();
                for (int i = 0; i < options.replicas(); i++) {
                    fleet.launch(i, false);
                }
                for (int i = 0; i < options.replicas(); i++) {
                    fleet.awaitServing(i, deadline);
                }
                fleet.survey.awaitLeader(deadline);
                started = true;
                return fleet;
            } catch (ReplicaProcesses.PortTakenException e) {
                if (attempt == START_ATTEMPTS) {
                    throw new IOException("replicas did not start in " + START_ATTEMPTS + " attempts: " + e.getMessage(),
                            e);
                }
                System.err.println("fleet: " + e.getMessage() + "; starting again on other ports");
            } finally {
                if (!started) {
                    fleet.close();
                }
            }
        }
    }

    /**
     * A fleet not yet started: ports chosen, its TLS files read (its calls to replicas that serve
     * HTTPS present their certificate and trust their authority, as the replicas' calls to each
     * other do), and for partitions its namespaces and relays made; for hosts, its namespaces and
     * links, then certificates naming the replicas' addresses.
     */
    private static ReplicaFleet create(FleetOptions options, AotCache aot) throws IOException {
        ReplicaTlsFiles files = options.tlsFiles();
        SSLContext tls = files == null || !options.servesHttps() ? null : files.read().peerClient().context();
        int[] ports = LoopbackPorts.pick(2 * options.replicas());
        Partitions partitions = switch (options.network()) {
            case LOOPBACK -> null;
            case PRIVATE -> Partitions.create(options.replicas());
            case HOSTS -> Partitions.createHosts(options.replicas());
        };
        if (partitions == null) {
            return new ReplicaFleet(options, ports, null, null, aot, tls);
        }
        FleetTls hostsTls = null;
        try {
            if (partitions.hosts()) {
                List<String> addresses = new ArrayList<>();
                for (int i = 0; i < options.replicas(); i++) {
                    addresses.add(partitions.address(i));
                }
                hostsTls = FleetTls.make(partitions.network().files().resolve("tls"), addresses);
            }
            return new ReplicaFleet(options, ports, partitions, hostsTls, aot, tls);
        } catch (IOException | RuntimeException e) {
            if (hostsTls != null) {
                hostsTls.close();
            }
            partitions.close();
            throw e;
        }
    }

    private static BearerToken madeToken() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return BearerToken.of(HexFormat.of().formatHex(bytes));
    }

    /** The token the replicas require, or null: the one given, or made for a partitionable fleet. */
    public BearerToken token() {
        return token;
    }

    /**
     * The TLS context of a fleet of hosts: it trusts the run's authority and presents the run's
     * client certificate, which the replicas require; null for any other fleet (whose TLS, if any,
     * comes from files its caller gave). Give this one to every proxy: its connections resume one
     * session.
     */
    public ClientTls clientTls() {
        return hostsTls == null ? null : hostsTls.client();
    }

    /** Where the replicas run ({@link FleetOptions#network}). */
    public FleetOptions.Network network() {
        return options.network();
    }

    /** The network namespaces the fleet made (the replicas', then the hub's); none on loopback. */
    public List<String> namespaces() {
        return partitions == null ? List.of() : partitions.network().namespaces();
    }

    /** The links the fleet made in this machine's own network namespace (a fleet of hosts'); otherwise none. */
    public List<String> hostLinks() {
        return partitions == null ? List.of() : partitions.network().hostLinks();
    }

    /** This machine's address on the subnet of a fleet of hosts; null otherwise. */
    public String hostAddress() {
        return partitions == null ? null : partitions.network().hostAddress();
    }

    /**
     * Cuts replica i off from the other replicas, both ways; clients still reach it.
     *
     * @throws IllegalStateException the fleet was not started for partitions, or it is cut off already
     * @throws IOException the routes could not be changed
     */
    @Override
    public void isolate(int i) throws IOException {
        if (partitions == null) {
            throw new IllegalStateException("this fleet was not started for partitions (FleetOptions.withPartitions)");
        }
        partitions.isolate(i);
    }

    /** Joins replica i to the others again if it is cut off; otherwise does nothing. */
    @Override
    public void heal(int i) throws IOException {
        if (partitions != null) {
            partitions.heal(i);
        }
    }

    /** Whether replica i is cut off from the others. */
    @Override
    public boolean isIsolated(int i) {
        return partitions != null && partitions.isIsolated(i);
    }

    /** How many replicas. */
    @Override
    public int size() {
        return options.replicas();
    }

    /** Replica i's peer id, {@code r<i>} (as the replicas' group names its peers). */
    @Override
    public String id(int i) {
        return ReplicaGroup.peerName(i);
    }

    /**
     * Replica i's HTTP base URL ({@code http://127.0.0.1:port}, {@code https://} when the replicas
     * serve TLS; for hosts, {@code https://<its address>:port}).
     */
    public URI url(int i) {
        return processes.urls().get(i);
    }

    /** Every replica's HTTP base URL, in replica order. */
    public List<URI> urls() {
        return processes.urls();
    }

    /** The peer list every replica was given ({@code host:raftPort:httpPort,...}). */
    public String peers() {
        return processes.peers();
    }

    /** Replica i's log file. */
    public Path log(int i) {
        return processes.log(i);
    }

    /** Whether replica i's process runs (paused or not). */
    @Override
    public synchronized boolean isAlive(int i) {
        return processes.isAlive(i);
    }

    /** Replica i's process, or null before it started. */
    public synchronized ProcessHandle process(int i) {
        return processes.process(i);
    }

    /** What replica i's {@code /health} says now. */
    public ReplicaHealth status(int i) throws IOException {
        return survey.status(i);
    }

    /**
     * The leader's index, once every running replica names the same leader and that one says it
     * leads; waits for it at most the start timeout.
     *
     * @throws IOException no leader agreed on in time; the message gives what each replica said
     */
    public int leader() throws IOException, InterruptedException {
        return survey.awaitLeader(System.nanoTime() + options.startTimeout().toNanos());
    }

    /**
     * The replica leading now, once every running replica that answers names it (and it says it
     * leads) and those are a majority of the group. Unlike {@link #leader()}, a replica that does
     * not answer (paused, or still starting after a restart) does not hold this up: a fault aimed
     * at the leader finds it while another replica is down.
     *
     * @throws IOException no leader agreed on within {@code timeout}; the message gives what each
     *     replica said
     */
    @Override
    public int majorityLeader(Duration timeout) throws IOException, InterruptedException {
        return survey.majorityLeader(timeout);
    }

    /** The highest Raft term a running, unpaused replica reports (each election raises it); -1 if none answers. */
    @Override
    public long highestTerm() {
        return survey.highestTerm();
    }

    /**
     * Waits until every running replica has applied the same index as the leader committed (after
     * the writes ended, they then hold the same state); returns their statuses in replica order.
     *
     * @throws IOException they did not within the timeout; the message gives each one's indexes
     */
    public List<ReplicaHealth> awaitApplied(Duration timeout) throws IOException, InterruptedException {
        return survey.awaitApplied(timeout);
    }

    /** Kills replica i with SIGKILL ({@code destroyForcibly} on Linux) and waits for it to end. */
    @Override
    public synchronized void kill(int i) throws InterruptedException {
        requireOpen();
        processes.kill(i);
        pauses.killed(i);
    }

    /**
     * Stops replica i with SIGSTOP: it keeps its sockets and memory but runs nothing, as in a long
     * GC pause, until {@link #resume}. A stopped replica cannot notice that this JVM died (its
     * stdin closing), so a guard process, outside this JVM, sends it SIGCONT after
     * {@code atMost} plus {@value PauseGuard#SLACK_SECONDS} s whatever happens here
     * ({@link PauseGuard}); {@link #resume} ends the guard.
     *
     * @throws IllegalStateException it is not running, or already paused
     * @throws IOException the signal could not be sent
     */
    @Override
    public synchronized void pause(int i, Duration atMost) throws IOException, InterruptedException {
        requireOpen();
        pauses.pause(i, processes.isAlive(i) ? processes.process(i) : null, atMost);
    }

    /** Resumes replica i with SIGCONT if it is paused, and ends its pause guard; otherwise does nothing. */
    @Override
    public synchronized void resume(int i) throws IOException, InterruptedException {
        pauses.resume(i, processes.isAlive(i) ? processes.process(i) : null);
    }

    /** Whether replica i is paused. */
    @Override
    public synchronized boolean isPaused(int i) {
        return pauses.isPaused(i);
    }

    /**
     * Starts replica i again, on its ports and its storage, after it was killed or ended; returns
     * once it serves and names the leader all running replicas name.
     *
     * @throws IllegalStateException it is running
     * @throws IOException it did not come back in time (its port may still be held; the message
     *     says what it printed)
     */
    @Override
    public void restart(int i) throws IOException, InterruptedException {
        synchronized (this) {
            requireOpen();
            if (isAlive(i)) {
                throw new IllegalStateException("replica " + id(i) + " is running: kill it first");
            }
        }
        long deadline = System.nanoTime() + options.startTimeout().toNanos();
        while (true) {
            synchronized (this) {
                requireOpen();
                launch(i, true);
            }
            try {
                awaitServing(i, deadline);
                break;
            } catch (ReplicaProcesses.PortTakenException e) {
                // A port of the killed process may linger a moment; it is ours to take again.
                if (System.nanoTime() > deadline) {
                    throw new IOException("replica " + id(i) + " did not restart: " + e.getMessage(), e);
                }
                TimeUnit.MILLISECONDS.sleep(200);
            }
        }
        survey.awaitLeader(deadline);
    }

    /**
     * Stops every replica (stdin closed, then SIGTERM, then SIGKILL, together) and waits for them
     * to end. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = 0; i < size(); i++) {
            try {
                resume(i);
            } catch (IOException e) {
                // Stopped below all the same: SIGKILL ends a stopped process too.
                System.err.println("fleet: could not resume replica " + id(i) + " before stopping it: " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        processes.stopAll();
        if (hostsTls != null) {
            hostsTls.close();
        }
        if (partitions != null) {
            partitions.close();
        }
    }

    private synchronized void launch(int i, boolean appendLog) throws IOException {
        processes.launch(i, appendLog);
    }

    /** Waits for replica i to serve, without holding the fleet's lock. */
    private void awaitServing(int i, long deadline) throws IOException, InterruptedException {
        ChildJvm child;
        synchronized (this) {
            child = processes.child(i);
        }
        processes.awaitServing(i, child, deadline);
    }

    /** Whether the replica that answered this {@code /health} leads its group. */
    public static boolean leads(ReplicaHealth health) {
        return RaftPeerRole.LEADER.name().equals(health.role());
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the fleet is closed");
        }
    }
}
