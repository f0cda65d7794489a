package com.acertainbookstore.replica;

import com.acertainbookstore.network.ReplicaNetwork;
import com.acertainbookstore.network.SocketRelay;
import com.acertainbookstore.process.ChildJvm;
import com.acertainbookstore.process.Commands;
import com.acertainbookstore.process.HttpProbe;
import com.acertainbookstore.replication.ReplicaGroup;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.wire.BearerToken;
import com.acertainbookstore.wire.ReplicaHealth;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
 * <p>Started with {@link Options#partitions}, the fleet can cut a replica off from the others
 * ({@link #isolate}, {@link #heal}): each replica then runs in a network namespace of its own
 * ({@link ReplicaNetwork}), listening on its address there, and serves its HTTP calls on a
 * Unix-domain socket too, which a {@link SocketRelay} per replica offers on a loopback port of this
 * host: {@link #urls()} are the relays', and the replicas name them in their leader header
 * ({@code replica.clientUrls}). Since the replicas then listen beyond loopback, they require a
 * token; the fleet makes one when none was given ({@link #token()}).
 *
 * <p>Thread safety: safe to share. {@link #kill}, {@link #pause}, {@link #resume} and
 * {@link #close} are synchronized on the fleet (they replace, signal or stop the replica
 * processes, guarded by {@code this}); {@link #restart} holds that lock only to fork, not while it
 * waits for the replica to serve, so a pause can end meanwhile. The status calls read the fixed
 * ports and URLs and ask the replicas over HTTP.
 */
public final class ReplicaFleet implements AutoCloseable {

    /** The replicas' read mode setting ({@code linearizable} or {@code stale}, {@code ReadMode}). */
    public static final String READS = ReplicaConfig.PREFIX + "reads";
    /** The replicas' store locking setting (a {@code Locking} name). */
    public static final String LOCKING = ServerSettings.PREFIX + "locking";
    static final String HOST = "127.0.0.1";
    /** The line a replica prints once it serves. */
    static final Pattern LISTENING = Pattern.compile("^Replica r[0-9]+ listening on (http://\\S+)$");
    /** A file in the storage directory saying a fleet made it, so the next fleet may clear it. */
    static final String MARKER = ".replica-fleet";
    /** How long after a pause's planned end its guard resumes the replica anyway ({@link #pause}). */
    static final long PAUSE_GUARD_SLACK_SECONDS = 5;
    /** Starts on ports another program took meanwhile are tried again on new ports, this often. */
    private static final int START_ATTEMPTS = 3;
    private static final String ID = ReplicaConfig.PREFIX + "id";
    private static final String PEERS = ReplicaConfig.PREFIX + "peers";
    private static final String STORAGE = ReplicaConfig.PREFIX + "storage";
    private static final String HTTP_SOCKET = ReplicaConfig.PREFIX + "httpSocket";
    private static final String CLIENT_URLS = ReplicaConfig.PREFIX + "clientUrls";
    /** Settings the fleet gives each replica itself, refused in {@link Options#properties}. */
    private static final Set<String> OWN_SETTINGS = Set.of(ID, PEERS, STORAGE, ServerSettings.PREFIX + "host",
            ServerSettings.PREFIX + "port", ServerSettings.EXIT_ON_STDIN_EOF, HTTP_SOCKET, CLIENT_URLS);

    /**
     * How to start a fleet. Immutable.
     *
     * @param replicas     how many replicas, 1..{@value #MAX_REPLICAS}
     * @param storage      the storage root (replica i stores under {@code <storage>/r<i>}): absent,
     *                     empty, or made by an earlier fleet (then cleared)
     * @param logs         the directory of the log files
     * @param logPrefix    each replica's log is {@code <logs>/<logPrefix>r<i>.log}
     * @param properties   {@code replica.*} and {@code bookstore.*} settings given to every replica
     * @param jvmOptions   more options of every replica JVM
     * @param token        the stock manager's token, or null
     * @param startTimeout how long a start (or a restart) may take until a leader is known
     * @param partitions   whether replicas can be cut off from each other ({@link #isolate}): each in
     *                     a network namespace of its own (root and {@code ip netns} needed)
     */
    public record Options(int replicas, Path storage, Path logs, String logPrefix, Map<String, String> properties,
            List<String> jvmOptions, BearerToken token, Duration startTimeout, boolean partitions) {

        public static final int MAX_REPLICAS = 9;

        public Options {
            if (replicas < 1 || replicas > MAX_REPLICAS) {
                throw new IllegalArgumentException("replicas (" + replicas + ") must be in 1.." + MAX_REPLICAS);
            }
            Objects.requireNonNull(storage, "storage");
            Objects.requireNonNull(logs, "logs");
            Objects.requireNonNull(logPrefix, "logPrefix");
            properties = Map.copyOf(properties);
            for (String key : properties.keySet()) {
                if (OWN_SETTINGS.contains(key)) {
                    throw new IllegalArgumentException("setting " + key + " is set by the fleet for each replica;"
                            + " it cannot be given");
                }
                if (!key.startsWith(ReplicaConfig.PREFIX) && !key.startsWith(ServerSettings.PREFIX)) {
                    throw new IllegalArgumentException("setting " + key + " is not a replica.* or bookstore.*"
                            + " setting");
                }
            }
            jvmOptions = List.copyOf(jvmOptions);
            if (startTimeout.isNegative() || startTimeout.isZero()) {
                throw new IllegalArgumentException("startTimeout (" + startTimeout + ") must be positive");
            }
        }

        /** {@code replicas} replicas storing under {@code storage}, logs there too, 60 s to start. */
        public static Options of(int replicas, Path storage) {
            return new Options(replicas, storage, storage, "", Map.of(), List.of(), null, Duration.ofSeconds(60), false);
        }

        public Options withLogs(Path directory, String prefix) {
            return new Options(replicas, storage, directory, prefix, properties, jvmOptions, token, startTimeout, partitions);
        }

        /** These settings given to every replica too. */
        public Options withProperties(Map<String, String> more) {
            Map<String, String> all = new LinkedHashMap<>(properties);
            all.putAll(more);
            return new Options(replicas, storage, logs, logPrefix, all, jvmOptions, token, startTimeout, partitions);
        }

        public Options withJvmOptions(List<String> options) {
            return new Options(replicas, storage, logs, logPrefix, properties, options, token, startTimeout, partitions);
        }

        public Options withToken(BearerToken value) {
            return new Options(replicas, storage, logs, logPrefix, properties, jvmOptions, value, startTimeout, partitions);
        }

        public Options withStartTimeout(Duration value) {
            return new Options(replicas, storage, logs, logPrefix, properties, jvmOptions, token, value, partitions);
        }

        /** Replicas that can be cut off from each other, each in a network namespace of its own. */
        public Options withPartitions() {
            return new Options(replicas, storage, logs, logPrefix, properties, jvmOptions, token, startTimeout, true);
        }
    }

    private final Options options;
    /** The token the replicas require: the options', or one made for a partitionable fleet; or null. */
    private final BearerToken token;
    /** The namespaces of a partitionable fleet, else null. */
    private final ReplicaNetwork network;
    /** A partitionable fleet's relays to the replicas' sockets, in replica order; else empty. */
    private final List<SocketRelay> relays;
    private final int[] raftPorts;
    private final int[] httpPorts;
    private final List<URI> urls;
    /** Guarded by {@code this}: each replica's current process, null before its first start. */
    private final ChildJvm[] children;
    /** Guarded by {@code this}: whether replica i is stopped by {@link #pause}. */
    private final boolean[] paused;
    /** Guarded by {@code this}: the guard process of replica i's pause ({@link #pause}), or null. */
    private final Process[] pauseGuards;
    /** Guarded by {@code this}. */
    private boolean closed;

    private ReplicaFleet(Options options, int[] ports, ReplicaNetwork network, List<SocketRelay> relays) {
        this.options = options;
        this.network = network;
        this.relays = List.copyOf(relays);
        this.token = options.token() != null || network == null ? options.token() : madeToken();
        int n = options.replicas();
        this.raftPorts = Arrays.copyOfRange(ports, 0, n);
        this.httpPorts = Arrays.copyOfRange(ports, n, 2 * n);
        List<URI> addresses = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            addresses.add(URI.create("http://" + HOST + ":" + (network == null ? httpPorts[i] : relays.get(i).port())));
        }
        this.urls = List.copyOf(addresses);
        this.children = new ChildJvm[n];
        this.paused = new boolean[n];
        this.pauseGuards = new Process[n];
    }

    /**
     * Starts the replicas on fresh storage and waits until every one answers {@code /health} and
     * all name one leader. A replica that could not bind a port another program took meanwhile
     * makes the whole fleet start again on new ports (at most {@value #START_ATTEMPTS} times).
     *
     * @throws IllegalArgumentException the storage directory holds something no fleet made
     * @throws IOException a replica did not start (the message names it, its last line and its
     *     log) or no leader was known in time; every replica is stopped first
     */
    public static ReplicaFleet start(Options options) throws IOException, InterruptedException {
        for (int attempt = 1;; attempt++) {
            prepareStorage(options.storage());
            ReplicaFleet fleet = create(options);
            boolean started = false;
            try {
                long deadline = System.nanoTime() + options.startTimeout().toNanos();
                for (int i = 0; i < options.replicas(); i++) {
                    fleet.launch(i, false);
                }
                for (int i = 0; i < options.replicas(); i++) {
                    fleet.awaitServing(i, deadline);
                }
                fleet.awaitLeader(deadline);
                started = true;
                return fleet;
            } catch (PortTakenException e) {
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

    /** A fleet not yet started: ports chosen, and for partitions its namespaces and relays made. */
    private static ReplicaFleet create(Options options) throws IOException {
        int[] ports = LoopbackPorts.pick(2 * options.replicas());
        if (!options.partitions()) {
            return new ReplicaFleet(options, ports, null, List.of());
        }
        ReplicaNetwork network = ReplicaNetwork.create(options.replicas());
        List<SocketRelay> relays = new ArrayList<>();
        try {
            for (int i = 0; i < options.replicas(); i++) {
                relays.add(SocketRelay.start(id(i), network.socket(i)));
            }
            return new ReplicaFleet(options, ports, network, relays);
        } catch (IOException | RuntimeException e) {
            relays.forEach(SocketRelay::close);
            network.close();
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
     * Cuts replica i off from the other replicas, both ways; clients still reach it.
     *
     * @throws IllegalStateException the fleet was not started for partitions, or it is cut off already
     * @throws IOException the routes could not be changed
     */
    public void isolate(int i) throws IOException {
        requirePartitions().isolate(i);
    }

    /** Joins replica i to the others again if it is cut off; otherwise does nothing. */
    public void heal(int i) throws IOException {
        if (network != null) {
            network.heal(i);
        }
    }

    /** Whether replica i is cut off from the others. */
    public boolean isIsolated(int i) {
        return network != null && network.isIsolated(i);
    }

    private ReplicaNetwork requirePartitions() {
        if (network == null) {
            throw new IllegalStateException("this fleet was not started for partitions (Options.withPartitions)");
        }
        return network;
    }

    /** How many replicas. */
    public int size() {
        return urls.size();
    }

    /** Replica i's HTTP base URL ({@code http://127.0.0.1:port}). */
    public URI url(int i) {
        return urls.get(i);
    }

    /** Every replica's HTTP base URL, in replica order. */
    public List<URI> urls() {
        return urls;
    }

    /** The peer list every replica was given ({@code host:raftPort:httpPort,...}). */
    public String peers() {
        List<String> peers = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            peers.add((network == null ? HOST : network.address(i)) + ":" + raftPorts[i] + ":" + httpPorts[i]);
        }
        return String.join(",", peers);
    }

    /** Replica i's log file. */
    public Path log(int i) {
        return options.logs().resolve(options.logPrefix() + id(i) + ".log");
    }

    /** Whether replica i's process runs. */
    public synchronized boolean isAlive(int i) {
        return children[i] != null && children[i].isAlive();
    }

    /** Replica i's process, or null before it started. */
    public synchronized ProcessHandle process(int i) {
        return children[i] == null ? null : children[i].process().toHandle();
    }

    /** What replica i's {@code /health} says now. */
    public ReplicaHealth status(int i) throws IOException {
        HttpProbe.Answer answer = HttpProbe.get(urls.get(i).resolve("/health"), Duration.ofSeconds(2));
        if (answer.status() != 200) {
            throw new IOException("replica " + id(i) + " /health answered " + answer.status() + ": "
                    + answer.body().strip());
        }
        try {
            return ReplicaHealth.parse(answer.body());
        } catch (IllegalArgumentException e) {
            throw new IOException("replica " + id(i) + ": " + e.getMessage(), e);
        }
    }

    /**
     * The leader's index, once every running replica names the same leader and that one says it
     * leads; waits for it at most the start timeout.
     *
     * @throws IOException no leader agreed on in time; the message gives what each replica said
     */
    public int leader() throws IOException, InterruptedException {
        return awaitLeader(System.nanoTime() + options.startTimeout().toNanos());
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
    public int majorityLeader(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Map<Integer, Object> seen = survey();
            Set<String> named = seen.values().stream().filter(ReplicaHealth.class::isInstance)
                    .map(s -> ((ReplicaHealth) s).leader()).collect(Collectors.toSet());
            long answered = seen.values().stream().filter(ReplicaHealth.class::isInstance).count();
            if (answered > size() / 2 && named.size() == 1) {
                for (Map.Entry<Integer, Object> entry : seen.entrySet()) {
                    if (entry.getValue() instanceof ReplicaHealth status && leads(status)) {
                        return entry.getKey();
                    }
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("no leader agreed on by a majority within " + timeout.toSeconds() + " s: "
                        + describe(seen));
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** The highest Raft term a running, unpaused replica reports (each election raises it); -1 if none answers. */
    public long highestTerm() {
        return survey().values().stream().filter(ReplicaHealth.class::isInstance)
                .mapToLong(s -> ((ReplicaHealth) s).term()).max().orElse(-1);
    }

    /**
     * Waits until every running replica has applied the same index as the leader committed (after
     * the writes ended, they then hold the same state); returns their statuses in replica order.
     *
     * @throws IOException they did not within the timeout; the message gives each one's indexes
     */
    public List<ReplicaHealth> awaitApplied(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Map<Integer, Object> seen = survey();
            List<ReplicaHealth> statuses = seen.values().stream().filter(ReplicaHealth.class::isInstance)
                    .map(ReplicaHealth.class::cast).toList();
            ReplicaHealth leader = statuses.stream().filter(ReplicaFleet::leads).findFirst().orElse(null);
            if (leader != null && statuses.size() == seen.size()
                    && statuses.stream().allMatch(s -> s.applied() == leader.commit())) {
                return statuses;
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("replicas did not apply the same index within " + timeout.toMillis() + " ms: "
                        + describe(seen) + laggingLogs(seen));
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }

    /**
     * For a convergence failure: the last log lines of each replica behind the leader, and the
     * leader's last lines about it; empty when no leader answered.
     */
    private String laggingLogs(Map<Integer, Object> seen) {
        int leader = seen.entrySet().stream().filter(e -> e.getValue() instanceof ReplicaHealth h && leads(h))
                .mapToInt(Map.Entry::getKey).findFirst().orElse(-1);
        if (leader < 0) {
            return "";
        }
        long commit = ((ReplicaHealth) seen.get(leader)).commit();
        StringBuilder text = new StringBuilder();
        seen.forEach((i, s) -> {
            if (s instanceof ReplicaHealth status && status.applied() == commit) {
                return;
            }
            // What the leader's appender says of this follower ("r2@group-...->r0-GrpcLogAppender: ...").
            String about = "->" + id(i) + "-";
            text.append("\n  last lines of ").append(log(i)).append(":").append(lastLines(log(i), line -> true))
                    .append("\n  the leader's last lines about ").append(id(i)).append(" in ").append(log(leader))
                    .append(":").append(lastLines(log(leader), line -> line.contains(about)))
                    .append("\n  threads of ").append(id(i)).append(" inside Ratis' log:").append(logThreads(i));
        });
        return text.toString();
    }

    /**
     * The threads of replica i that are inside Ratis' Raft log or run its server's appends, from a
     * thread dump ({@code jcmd Thread.print}), each cut to 25 lines: an append that never ends
     * shows where it waits. The whole dump is kept beside the replica's log ({@code .threads}).
     */
    private String logThreads(int i) {
        ProcessHandle process = process(i);
        if (process == null || !process.isAlive()) {
            return " (not running)";
        }
        try {
            String dump = Commands.run(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(process.pid()), "Thread.print"), null);
            Path whole = log(i).resolveSibling(log(i).getFileName() + ".threads");
            Files.writeString(whole, dump);
            String threads = Arrays.stream(dump.split("\n\s*\n"))
                    .filter(thread -> thread.contains("org.apache.ratis.server.raftlog") || thread.contains("-server-thread"))
                    .map(thread -> thread.lines().limit(25).map(line -> "\n    " + line).collect(Collectors.joining()))
                    .collect(Collectors.joining("\n    --"));
            return " (whole dump: " + whole + ")" + (threads.isEmpty() ? " (none)" : threads);
        } catch (IOException e) {
            return " (no thread dump: " + e.getMessage() + ")";
        }
    }

    /** The last lines of a replica's log that are not stack frames and pass {@code filter}, for a failure's message. */
    private static String lastLines(Path log, Predicate<String> filter) {
        try (Stream<String> lines = Files.lines(log)) {
            List<String> kept = lines.filter(line -> !line.startsWith("\tat ") && !line.isBlank())
                    .filter(filter).toList();
            return kept.subList(Math.max(0, kept.size() - 8), kept.size()).stream()
                    .map(line -> "\n    " + (line.length() > 300 ? line.substring(0, 300) + "..." : line))
                    .collect(Collectors.joining());
        } catch (IOException | UncheckedIOException e) {
            return " (unreadable: " + e.getMessage() + ")";
        }
    }

    /** Kills replica i with SIGKILL ({@code destroyForcibly} on Linux) and waits for it to end. */
    public synchronized void kill(int i) throws InterruptedException {
        requireOpen();
        if (children[i] != null) {
            children[i].kill();
        }
        paused[i] = false;
    }

    /**
     * Stops replica i with SIGSTOP: it keeps its sockets and memory but runs nothing, as in a long
     * GC pause, until {@link #resume}. A stopped replica cannot notice that this JVM died (its
     * stdin closing), so a guard process, outside this JVM, sends it SIGCONT after
     * {@code atMost} plus {@value #PAUSE_GUARD_SLACK_SECONDS} s whatever happens here; a resumed
     * replica whose fleet is gone then exits at the end of its stdin. {@link #resume} ends the guard.
     *
     * @throws IllegalStateException it is not running, or already paused
     * @throws IOException the signal could not be sent
     */
    public synchronized void pause(int i, Duration atMost) throws IOException, InterruptedException {
        requireOpen();
        if (!isAlive(i) || paused[i]) {
            throw new IllegalStateException("replica " + id(i) + " is " + (paused[i] ? "already paused" : "not running"));
        }
        long pid = children[i].process().pid();
        long seconds = Math.max(1, (atMost.toMillis() + 999) / 1000) + PAUSE_GUARD_SLACK_SECONDS;
        pauseGuards[i] = new ProcessBuilder("sh", "-c", "sleep " + seconds + "; kill -CONT " + pid
                + " 2>/dev/null").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            signal(children[i].process().toHandle(), "STOP");
        } catch (IOException | RuntimeException e) {
            pauseGuards[i].descendants().forEach(ProcessHandle::destroy);
            pauseGuards[i].destroy();
            pauseGuards[i] = null;
            throw e;
        }
        paused[i] = true;
    }

    /** Resumes replica i with SIGCONT if it is paused, and ends its pause guard; otherwise does nothing. */
    public synchronized void resume(int i) throws IOException, InterruptedException {
        try {
            if (paused[i] && isAlive(i)) {
                signal(children[i].process().toHandle(), "CONT");
            }
        } finally {
            paused[i] = false;
            if (pauseGuards[i] != null) {
                // Its sleep first, or the sleep would outlive the shell.
                pauseGuards[i].descendants().forEach(ProcessHandle::destroy);
                pauseGuards[i].destroy();
                pauseGuards[i] = null;
            }
        }
    }

    /** Whether replica i is paused. */
    public synchronized boolean isPaused(int i) {
        return paused[i];
    }

    /** Sends a signal with {@code kill -<name>} (Java has no SIGSTOP of its own); waits for it. */
    private static void signal(ProcessHandle process, String name) throws IOException {
        Commands.run(List.of("kill", "-" + name, Long.toString(process.pid())), null);
    }

    /**
     * Starts replica i again, on its ports and its storage, after it was killed or ended; returns
     * once it serves and names the leader all running replicas name.
     *
     * @throws IllegalStateException it is running
     * @throws IOException it did not come back in time (its port may still be held; the message
     *     says what it printed)
     */
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
            } catch (PortTakenException e) {
                // A port of the killed process may linger a moment; it is ours to take again.
                if (System.nanoTime() > deadline) {
                    throw new IOException("replica " + id(i) + " did not restart: " + e.getMessage(), e);
                }
                TimeUnit.MILLISECONDS.sleep(200);
            }
        }
        awaitLeader(deadline);
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
        for (int i = 0; i < paused.length; i++) {
            try {
                resume(i);
            } catch (IOException e) {
                // Stopped below all the same: SIGKILL ends a stopped process too.
                System.err.println("fleet: could not resume replica " + id(i) + " before stopping it: " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        ChildJvm.stopAll(Stream.of(children).filter(Objects::nonNull).collect(Collectors.toList()));
        relays.forEach(SocketRelay::close);
        if (network != null) {
            network.close();
        }
    }

    /**
     * Forks replica i; a restart appends to its log, so a replica's history since the fleet
     * started stays in one file, and starts without a warm-up ({@link Warmup}), whatever the
     * properties say.
     */
    private synchronized void launch(int i, boolean appendLog) throws IOException {
        List<String> jvm = new ArrayList<>(ChildJvm.SERVER_OPTIONS);
        jvm.addAll(options.jvmOptions());
        jvm.add("-D" + ID + "=" + i);
        jvm.add("-D" + PEERS + "=" + peers());
        jvm.add("-D" + STORAGE + "=" + options.storage().toAbsolutePath());
        jvm.add("-D" + ServerSettings.EXIT_ON_STDIN_EOF + "=true");
        options.properties().forEach((key, value) -> jvm.add("-D" + key + "=" + value));
        if (appendLog) {
            // A restart inside a run must rejoin within seconds: under load its warm-up took about
            // 28 s, holding back every fault planned after it. It starts cold and compiles while
            // it catches up.
            jvm.add("-D" + Warmup.PROPERTY + "=0");
        }
        if (network != null) {
            jvm.add("-D" + HTTP_SOCKET + "=" + network.socket(i));
            jvm.add("-D" + CLIENT_URLS + "=" + urls.stream().map(URI::toString).collect(Collectors.joining(",")));
        }
        Map<String, String> environment = new HashMap<>();
        // The token goes by the environment, which ps does not show, never on the command line.
        environment.put(BearerToken.ENVIRONMENT_VARIABLE, token == null ? null : token.value());
        children[i] = ChildJvm.start(network == null ? List.of() : network.exec(i), ReplicaMain.class.getName(), jvm,
                environment, log(i), appendLog, LISTENING);
    }

    /**
     * Waits for replica i's listening line and a 200 from its {@code /health}.
     *
     * @throws PortTakenException it ended and one of its ports is held by another program
     */
    private void awaitServing(int i, long deadline) throws IOException, InterruptedException {
        ChildJvm child;
        synchronized (this) {
            child = children[i];
        }
        String id = id(i);
        try {
            child.awaitReady(Duration.ofNanos(deadline - System.nanoTime()));
            HttpProbe.await(urls.get(i).resolve("/health"), answer -> answer.status() == 200, deadline, child);
        } catch (IOException e) {
            if (!child.isAlive()) {
                child.kill();
                // In namespaces of their own, no other program holds the replicas' ports.
                for (int port : network == null ? new int[] {raftPorts[i], httpPorts[i]} : new int[0]) {
                    if (!LoopbackPorts.isFree(port)) {
                        throw new PortTakenException("replica " + id + " could not use port " + port + " ("
                                + child.describe() + ")");
                    }
                }
            }
            throw new IOException("replica " + id + " did not start: " + e.getMessage(), e);
        }
    }

    /** Polls until every running replica names one leader which says it leads; answers its index. */
    private int awaitLeader(long deadline) throws IOException, InterruptedException {
        while (true) {
            Map<Integer, Object> seen = survey();
            Set<String> named = seen.values().stream()
                    .map(s -> s instanceof ReplicaHealth status ? status.leader() : "")
                    .collect(Collectors.toSet());
            if (named.size() == 1 && !named.contains("")) {
                int leader = index(named.iterator().next());
                if (seen.get(leader) instanceof ReplicaHealth status && leads(status)) {
                    return leader;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the replicas did not agree on a leader in time: " + describe(seen));
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }

    /** Each running replica's status (a paused one cannot answer: left out), or the error asking for it, by index. */
    private Map<Integer, Object> survey() {
        Map<Integer, Object> seen = new LinkedHashMap<>();
        for (int i = 0; i < size(); i++) {
            if (isAlive(i) && !isPaused(i)) {
                try {
                    seen.put(i, status(i));
                } catch (IOException e) {
                    seen.put(i, e.getMessage());
                }
            }
        }
        return seen;
    }

    private static String describe(Map<Integer, Object> seen) {
        if (seen.isEmpty()) {
            return "no replica is running";
        }
        return seen.entrySet().stream().map(e -> e.getValue() instanceof ReplicaHealth s
                ? s.replica() + " " + s.role() + " leader=" + s.leader() + " term=" + s.term() + " commit="
                        + s.commit() + " applied=" + s.applied()
                : id(e.getKey()) + ": " + e.getValue()).collect(Collectors.joining("; "));
    }

    /** Replica i's peer id, {@code r<i>} (as the replicas' group names its peers). */
    public static String id(int i) {
        return ReplicaGroup.peerName(i);
    }

    /** The index of peer id {@code r<index>}. */
    static int index(String id) {
        try {
            if (id.startsWith("r")) {
                return Integer.parseInt(id.substring(1));
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new IllegalArgumentException("replica id '" + id + "' is not r<index>");
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

    /**
     * Makes the storage root ready for a new group: created when absent, kept when empty, cleared
     * when an earlier fleet made it; anything else is refused rather than deleted.
     */
    static void prepareStorage(Path root) throws IOException {
        if (Files.isDirectory(root)) {
            boolean empty;
            try (Stream<Path> entries = Files.list(root)) {
                empty = entries.findAny().isEmpty();
            }
            if (!empty) {
                if (!Files.exists(root.resolve(MARKER))) {
                    throw new IllegalArgumentException("storage directory " + root.toAbsolutePath() + " is not empty"
                            + " and was not made by a replica fleet: a fleet starts a new group on fresh storage"
                            + " (empty it, or choose another directory)");
                }
                deleteTree(root);
            }
        } else if (Files.exists(root)) {
            throw new IllegalArgumentException("storage " + root.toAbsolutePath() + " is not a directory");
        }
        Files.createDirectories(root);
        Files.writeString(root.resolve(MARKER), "made by " + ReplicaFleet.class.getName()
                + "; the next fleet started on this directory clears it\n");
    }

    /** Deletes {@code root} and everything under it. */
    static void deleteTree(Path root) throws IOException {
        try (Stream<Path> tree = Files.walk(root)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** A replica ended because another program held one of its ports. */
    private static final class PortTakenException extends IOException {
        private static final long serialVersionUID = 1L;

        PortTakenException(String message) {
            super(message);
        }
    }
}
