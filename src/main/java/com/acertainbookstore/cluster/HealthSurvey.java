package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.HttpGet;
import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.replication.ReplicaGroup;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;

/**
 * Asks a fleet's replicas how they are ({@code GET /health}, {@link ReplicaHealth}) and waits on
 * what they say: one leader all name, one a majority names, every replica applied the leader's
 * commit. A replica that does not run or is paused is not asked (it cannot answer).
 *
 * <p>Thread safety: safe to share; it holds only fixed URLs and asks the fleet, through the views
 * it is given, which replicas may answer.
 */
final class HealthSurvey {

    private final List<URI> urls;
    /** Whether replica i runs and is not paused. */
    private final IntPredicate answering;
    private final ConvergenceReport report;
    /** The client side of the calls to {@code https} replicas, else null. */
    private final SSLContext tls;

    HealthSurvey(List<URI> urls, IntPredicate answering, ConvergenceReport report, SSLContext tls) {
        this.urls = List.copyOf(urls);
        this.answering = answering;
        this.report = report;
        this.tls = tls;
    }

    /** What replica i's {@code /health} says now. */
    ReplicaHealth status(int i) throws IOException {
        HttpGet.Answer answer = HttpGet.get(urls.get(i).resolve("/health"), Duration.ofSeconds(2), tls);
        if (answer.status() != 200) {
            throw new IOException("replica " + ReplicaGroup.peerName(i) + " /health answered " + answer.status() + ": "
                    + answer.body().strip());
        }
        try {
            return ReplicaHealth.parse(answer.body());
        } catch (IllegalArgumentException e) {
            throw new IOException("replica " + ReplicaGroup.peerName(i) + ": " + e.getMessage(), e);
        }
    }

    /** Each running, unpaused replica's health, or why it could not be had. */
    Survey survey() {
        List<SurveyAnswer> answers = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            if (answering.test(i)) {
                try {
                    answers.add(new SurveyAnswer.Health(i, status(i)));
                } catch (IOException e) {
                    answers.add(new SurveyAnswer.Unreachable(i, e.getMessage()));
                }
            }
        }
        return new Survey(answers);
    }

    /**
     * Polls until every surveyed replica names one leader, which says it leads; answers its index.
     *
     * @throws IOException not by {@code deadline} (a {@code nanoTime}); the message gives what each replica said
     */
    int awaitLeader(long deadline) throws IOException, InterruptedException {
        while (true) {
            Survey seen = survey();
            Set<String> named = seen.answers().stream()
                    .map(a -> a instanceof SurveyAnswer.Health h ? h.health().leader() : "")
                    .collect(Collectors.toSet());
            if (named.size() == 1 && !named.contains("")) {
                int leader = index(named.iterator().next());
                if (seen.health(leader).filter(ReplicaFleet::leads).isPresent()) {
                    return leader;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("the replicas did not agree on a leader in time: " + seen.describe());
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }

    /**
     * Polls until the replicas that answer are a majority of the group and all name one leader,
     * which says it leads; answers its index.
     *
     * @throws IOException not within {@code timeout}; the message gives what each replica said
     */
    int majorityLeader(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Survey seen = survey();
            List<SurveyAnswer.Health> healthy = seen.healthy();
            Set<String> named = healthy.stream().map(h -> h.health().leader()).collect(Collectors.toSet());
            if (healthy.size() > urls.size() / 2 && named.size() == 1) {
                Optional<SurveyAnswer.Health> leader = seen.leader();
                if (leader.isPresent()) {
                    return leader.get().replica();
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("no leader agreed on by a majority within " + timeout.toSeconds() + " s: "
                        + seen.describe());
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** The highest Raft term a running, unpaused replica reports; -1 if none answers. */
    long highestTerm() {
        return survey().healthy().stream().mapToLong(h -> h.health().term()).max().orElse(-1);
    }

    /**
     * Polls until every surveyed replica answers and has applied the index the leader committed;
     * returns their healths in replica order.
     *
     * @throws IOException not within {@code timeout}; the message gives each one's indexes and,
     *     for each one behind, its last log lines and threads ({@link ConvergenceReport})
     */
    List<ReplicaHealth> awaitApplied(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Survey seen = survey();
            List<SurveyAnswer.Health> healthy = seen.healthy();
            SurveyAnswer.Health leader = seen.leader().orElse(null);
            if (leader != null && healthy.size() == seen.answers().size()
                    && healthy.stream().allMatch(h -> h.health().applied() == leader.health().commit())) {
                return healthy.stream().map(SurveyAnswer.Health::health).toList();
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("replicas did not apply the same index within " + timeout.toMillis() + " ms: "
                        + seen.describe() + report.lagging(seen));
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
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
}
