package com.acertainbookstore.replica;

import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.util.FileUtils;

/**
 * N whole replicas (Ratis server, replicated service, HTTP server) in this JVM on free loopback
 * ports, storage under {@code target/replica-tests/}: start, find the leader, close and restart a
 * replica (with other service settings if wanted), wait for convergence, close everything and
 * delete the storage. Not thread-safe: driven by the test's main thread.
 */
final class LocalReplicas implements AutoCloseable {

    private final List<PeerAddress> peers;
    private final UUID group = UUID.randomUUID();
    private final Path root;
    private final ReplicaSettings raft;
    private final Replica[] replicas;

    private LocalReplicas(List<PeerAddress> peers, ReplicaSettings raft) {
        this.peers = peers;
        this.raft = raft;
        this.root = Path.of("target", "replica-tests", "group-" + group);
        this.replicas = new Replica[peers.size()];
    }

    /** Starts {@code size} replicas with these service settings each; on failure closes what started. */
    static LocalReplicas start(int size, ReplicaSettings raft, ServiceSettings... services) throws IOException {
        int[] ports = LoopbackPorts.pick(2 * size);
        List<PeerAddress> peers = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            peers.add(new PeerAddress("127.0.0.1", ports[2 * i], ports[2 * i + 1]));
        }
        LocalReplicas local = new LocalReplicas(List.copyOf(peers), raft);
        try {
            for (int i = 0; i < size; i++) {
                local.restart(i, services.length > i ? services[i] : ServiceSettings.DEFAULT);
            }
        } catch (IOException | RuntimeException e) {
            local.close();
            throw e;
        }
        return local;
    }

    ReplicaConfig config(int replica, ServiceSettings service) {
        return ReplicaConfig.of(replica, peers, group, root).withService(service).withRaft(raft);
    }

    Replica replica(int replica) {
        return replicas[replica];
    }

    String url(int replica) {
        return peers.get(replica).httpUrl();
    }

    int size() {
        return replicas.length;
    }

    Path root() {
        return root;
    }

    /** Starts replica {@code replica} from its storage (empty the first time), its JVM cold. */
    void restart(int replica, ServiceSettings service) throws IOException {
        restart(replica, service, false);
    }

    /** As above, saying whether the replica counts its JVM as warmed up ({@code Warmth}). */
    void restart(int replica, ServiceSettings service, boolean warmedUp) throws IOException {
        replicas[replica] = Replica.start(config(replica, service), false, warmedUp);
    }

    /** Closes a replica as a crash would stop it; its storage stays. */
    void kill(int replica) throws IOException {
        Replica closing = replicas[replica];
        replicas[replica] = null;
        closing.close();
    }

    /** The replica that is leader and ready, waiting up to {@code timeout}. */
    int awaitLeader(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < replicas.length; i++) {
                if (replicas[i] != null && replicas[i].division().getInfo().isLeader()
                        && replicas[i].division().getInfo().isLeaderReady()) {
                    return i;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no leader within " + timeout + ";" + roles());
    }

    /** Waits until every live replica has applied as far as the others; returns that index. */
    long awaitConverged(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            long commit = Long.MIN_VALUE;
            for (Replica replica : replicas) {
                if (replica != null) {
                    long applied = replica.division().getInfo().getLastAppliedIndex();
                    min = Math.min(min, applied);
                    max = Math.max(max, applied);
                    commit = Math.max(commit, replica.division().getRaftLog().getLastCommittedIndex());
                }
            }
            if (min == max && max >= commit) {
                return max;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("replicas did not converge within " + timeout + ";" + roles());
    }

    /** Every field of every book of a replica's local state, one string per book. */
    List<String> books(int replica) {
        List<String> fields = new ArrayList<>();
        for (StockBook b : replicas[replica].service().machine().books()) {
            fields.add(b.getISBN() + "|" + b.getTitle() + "|" + b.getAuthor() + "|" + b.getPrice() + "|"
                    + b.getNumCopies() + "|" + b.getNumSaleMisses() + "|" + b.getNumTimesRated() + "|"
                    + b.getTotalRating() + "|" + b.isEditorPick());
        }
        return fields;
    }

    /** Each replica's role, term and applied index, for failure messages. */
    String roles() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < replicas.length; i++) {
            text.append(" r").append(i).append('=');
            try {
                text.append(replicas[i] == null ? "down" : replicas[i].division().getInfo().getCurrentRole()
                        + "/term " + replicas[i].division().getInfo().getCurrentTerm() + "/applied "
                        + replicas[i].division().getInfo().getLastAppliedIndex());
            } catch (IOException e) {
                text.append(e);
            }
        }
        return text.toString();
    }

    /** Closes every live replica, then deletes the storage. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (int i = 0; i < replicas.length; i++) {
            if (replicas[i] != null) {
                try {
                    kill(i);
                } catch (IOException e) {
                    failure = e;
                }
            }
        }
        FileUtils.deleteFully(root.toFile());
        if (failure != null) {
            throw failure;
        }
    }
}
