package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.cluster.Commands;
import com.acertainbookstore.cluster.FleetOptions;
import com.acertainbookstore.cluster.ReplicaFleet;
import com.acertainbookstore.cluster.ReplicaNetwork;
import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.workload.results.AuditOutcome;
import com.acertainbookstore.workload.results.FailureCause;
import com.acertainbookstore.workload.results.FailureKind;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HttpTarget;
import com.acertainbookstore.workload.targets.Target;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The multi-host form on one machine ({@code workload.hosts=true}): three replica JVMs, each in a
 * network namespace of its own with an address of its own on a /24 this machine routes to, the
 * harness in this JVM, in this machine's namespace, reaching them at those addresses over HTTPS
 * (certificates the fleet made for the run, client certificates required), the replicas speaking
 * mutual TLS to each other (Raft and their own HTTPS calls). Runs where this user can make network
 * namespaces (root, {@code ip netns}); elsewhere it is skipped, saying why.
 *
 * <p><b>Schedule</b>: the register profile on 3 hot books, 8 client threads, a closed loop, a 0.5 s
 * warm-up then a 7 s window, figures per quarter second: at 1 s the leader's link to the other
 * replicas is set down for 2 s (its packets to and from them vanish; the harness still reaches it),
 * at 4.5 s the leader then is killed (SIGKILL); after the window the group is healed (the killed
 * replica restarted).
 *
 * <p><b>Verdict</b>: the audit passed on every replica (each one identical, the copies adding up),
 * the recorded history is linearizable, no call failed for want of an answer (only the store's own
 * refusals, which the register profile makes), both faults hit a leader and made an election; the
 * replicas' peer addresses and URLs are the fleet's subnet, not loopback, one each, and their
 * URLs {@code https}; no replica ran a hop in clear text (beyond loopback it would refuse to,
 * unless told {@code bookstore.insecure=true}, and then warn); while the run lasted its namespaces
 * existed, and once it ended none of them, none of its links in this machine's namespace and no
 * route to its subnet is left, nor any replica JVM or harness thread.
 */
class HostsRunTest {

    private static final Pattern LISTENING = Pattern.compile("Replica r([0-9]) listening on (\\S+)");

    /** Kept when the test fails: the replicas' logs are what tells why. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Tag("slow")
    @Test
    @Timeout(240)
    void run_hostsOverTlsWithALinkCutAndALeaderKilled_passesTheAuditAndTheCheckAndLeavesNothing() throws Exception {
        String reason = ReplicaNetwork.unavailableReason();
        if (reason != null) {
            System.err.println("HostsRunTest skipped: " + reason);
        }
        assumeTrue(reason == null, () -> "namespaces cannot be made here: " + reason);
        WorkloadConfig config = CheckedRunTest.registerCheck(dir).withReplicas(3).withWindow(0.5, 7).withThreads(8)
                .with(Map.of(Setting.INTERVAL_SECONDS, 0.25, Setting.REPLICA_STORAGE, dir.resolve("replicas"),
                        Setting.REPLICA_WARMUP_SECONDS, 0, Setting.HOSTS, true,
                        Setting.FAULT, "isolate-leader@1:2,kill-leader@4.5"));
        List<ReplicaFleet> fleets = new CopyOnWriteArrayList<>();
        List<String> namespacesWhileRunning = new CopyOnWriteArrayList<>();
        Target.Factory targets = locking -> {
            Target target = HttpTarget.open(config, locking);
            fleets.add((ReplicaFleet) target.faults());
            namespacesWhileRunning.addAll(ReplicaNetwork.existing());
            return target;
        };

        List<Repetition> results = WorkloadMain.run(WorkloadMain.onThisMachine(config), targets);

        assertEquals(1, results.size());
        Repetition run = results.get(0);
        assertEquals(AuditOutcome.PASSED, run.audit(), run.auditProblems().toString());
        CheckResult check = Checker.check(HistoryFile.read(CheckedRunTest.onlyHistory(dir.resolve("results"))),
                Budget.of(20, 512));
        assertEquals(Verdict.LINEARIZABLE, check.verdict(), check.summary());
        List<FailureCause> unanswered = new ArrayList<>();
        run.failures().counts().keySet().stream().filter(cause -> Set.of(FailureKind.TIMEOUT,
                FailureKind.CONNECTION, FailureKind.OTHER).contains(cause.kind())).forEach(unanswered::add);
        assertEquals(List.of(), unanswered, "calls failed for want of an answer: " + run.failures().format());
        assertTrue(run.successes() > 0, "no call succeeded");
        List<FaultRow> faults = FaultsFile.read(dir.resolve("results/http-faults.csv"));
        assertEquals(List.of("isolate-leader@1:2", "kill-leader@4.5"), faults.stream().map(FaultRow::fault).toList());
        for (FaultRow fault : faults) {
            assertEquals(0, fault.failed(), fault.toString());
            assertTrue(fault.elections() >= 1, "a leader cut off or killed makes an election: " + fault);
        }

        assertEquals(1, fleets.size());
        ReplicaFleet fleet = fleets.get(0);
        assertEquals(FleetOptions.Network.HOSTS, fleet.network());
        assertNotNull(fleet.clientTls(), "the fleet of hosts speaks TLS");
        String subnet = fleet.hostAddress().substring(0, fleet.hostAddress().lastIndexOf('.') + 1);
        Set<String> hosts = new HashSet<>();
        for (String peer : fleet.peers().split(",")) {
            String host = peer.split(":")[0];
            InetAddress address = InetAddress.getByName(host);
            assertFalse(address.isLoopbackAddress() || address.isAnyLocalAddress(), "peer address " + peer);
            assertTrue(host.startsWith(subnet), peer + " is not on the fleet's subnet " + subnet + "0/24");
            assertTrue(hosts.add(host), "two replicas at " + host);
        }
        assertEquals(3, hosts.size());
        for (int i = 0; i < 3; i++) {
            URI url = fleet.url(i);
            assertEquals("https", url.getScheme(), url.toString());
            assertTrue(hosts.contains(url.getHost()), url + " is not a replica's own address " + hosts);
            assertEquals(url.toString(), listeningOn(i), "r" + i + " said it listened elsewhere");
            // Beyond loopback a replica refuses plain HTTP and plain Raft unless told insecure, and
            // then warns naming that setting: TLS on every hop means no such warning.
            String log = Files.readString(dir.resolve("results/replica-TWO_LEVEL-r" + i + ".log"));
            assertFalse(log.contains(ServerSettings.INSECURE + "=true"), "r" + i + " ran a hop in clear text:\n"
                    + log.lines().filter(line -> line.contains(ServerSettings.INSECURE)).findFirst().orElse(""));
        }
        assertTrue(namespacesWhileRunning.containsAll(fleet.namespaces()), "namespaces while running: "
                + namespacesWhileRunning + ", the fleet's " + fleet.namespaces());

        List<String> left = new ArrayList<>(ReplicaNetwork.existing());
        left.retainAll(fleet.namespaces());
        assertEquals(List.of(), left, "namespaces left behind");
        String links = Commands.run(List.of("ip", "-o", "link", "show"), null);
        assertEquals(4, fleet.hostLinks().size(), fleet.hostLinks().toString());
        for (String link : fleet.hostLinks()) {
            assertFalse(links.contains(" " + link + ":") || links.contains(" " + link + "@"), link + " left behind");
        }
        String routes = Commands.run(List.of("ip", "-4", "route", "show", "table", "all"), null);
        assertFalse(routes.contains(subnet), "a route to " + subnet + "0/24 left behind:\n" + routes);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a replica JVM still running");
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }

    /** The URL replica i said it listened on, the first time (from its log). */
    private String listeningOn(int i) throws Exception {
        Path log = dir.resolve("results/replica-TWO_LEVEL-r" + i + ".log");
        for (String line : Files.readAllLines(log)) {
            Matcher matcher = LISTENING.matcher(line);
            if (matcher.find() && Integer.parseInt(matcher.group(1)) == i) {
                return matcher.group(2);
            }
        }
        throw new AssertionError("r" + i + " never said where it listened (" + log + ")");
    }
}
