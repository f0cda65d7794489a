package com.acertainbookstore.workload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.cluster.FaultTarget;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The injector against three pretend replicas (no JVMs): a follower paused, and a fault held back
 * while a restart under way would leave fewer than a majority up.
 */
class FaultInjectorTest {

    /** Three replicas, r0 leading; a kill hands the lead to the lowest live one; restarts wait for a gate. */
    private static final class Replicas implements FaultTarget {

        private final boolean[] alive = {true, true, true};
        private final boolean[] paused = new boolean[3];
        private int leader;
        final CountDownLatch restartGate = new CountDownLatch(1);
        final CountDownLatch restartBegun = new CountDownLatch(1);

        @Override
        public int size() {
            return 3;
        }

        @Override
        public String id(int replica) {
            return "r" + replica;
        }

        @Override
        public synchronized int majorityLeader(Duration timeout) {
            return leader;
        }

        @Override
        public synchronized boolean isAlive(int replica) {
            return alive[replica];
        }

        @Override
        public synchronized boolean isPaused(int replica) {
            return paused[replica];
        }

        @Override
        public synchronized void kill(int replica) {
            alive[replica] = false;
            for (int i = 0; i < 3 && leader == replica; i++) {
                if (alive[i]) {
                    leader = i;
                }
            }
        }

        @Override
        public void restart(int replica) throws InterruptedException {
            synchronized (this) {
                // The process is forked at once: alive, not yet serving.
                alive[replica] = true;
            }
            restartBegun.countDown();
            // Nothing asserted here, on the injector's thread: the test reads the events' times.
            restartGate.await(10, TimeUnit.SECONDS);
        }

        @Override
        public synchronized void pause(int replica, Duration atMost) {
            paused[replica] = true;
        }

        @Override
        public synchronized void resume(int replica) {
            paused[replica] = false;
        }

        @Override
        public void isolate(int replica) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void heal(int replica) {
        }

        @Override
        public boolean isIsolated(int replica) {
            return false;
        }

        @Override
        public long highestTerm() {
            return 1;
        }
    }

    @Test
    @Timeout(20)
    void finish_pauseDueWhileARestartIsUnderWay_waitsForItAndPausesAServingFollower() throws Exception {
        Replicas replicas = new Replicas();
        FaultPlan plan = FaultPlan.parse("kill-leader@0,restart@0.05,pause-follower@0.1:1");
        List<FaultEvent> events;
        try (FaultInjector injector = new FaultInjector(plan, replicas)) {
            long now = System.nanoTime();
            injector.start(now, now);
            assertTrue(replicas.restartBegun.await(5, TimeUnit.SECONDS));
            Thread.sleep(400);
            assertEquals(List.of(false, false, false), List.of(replicas.isPaused(0), replicas.isPaused(1),
                    replicas.isPaused(2)), "no pause while r0 restarts: r1 and r2 are the only majority");
            replicas.restartGate.countDown();
            events = injector.finish().events();
        }

        assertEquals(List.of("kill-leader@0 (r0)", "restart@0.05 (r0)", "pause-follower@0.1:1 (r0)"),
                events.stream().map(FaultEvent::name).toList(), "r1 leads; r0, serving again, is the follower");
        FaultEvent restart = events.get(1);
        FaultEvent pause = events.get(2);
        assertTrue(pause.startSeconds() >= restart.endSeconds() - 1e-3, "the pause began once r0 served: " + events);
        assertTrue(pause.startSeconds() >= 0.4, "held back from 0.1 s: " + pause);
    }
}
