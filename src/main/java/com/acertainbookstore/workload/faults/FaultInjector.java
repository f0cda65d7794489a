package com.acertainbookstore.workload.faults;

import com.acertainbookstore.cluster.FaultTarget;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Injects one repetition's faults: each at its time after the measured window opens, into the
 * replicas of a {@link FaultTarget}; then heals the group, so that the audit sees every replica and
 * the next repetition starts whole. Faults fire one at a time in plan order on one thread
 * ({@code workload-faults}); what takes time runs beside it, so that no fault fires late behind
 * another: a restart (the replica's JVM starting, seconds) on a thread of its own, and the end of
 * a lasting fault (a pause, a partition), D seconds after it began, on another.
 *
 * <p>One exception: a replica restarting is down until it serves, which the plan's check cannot
 * know (it counts a killed replica as down until its restart fires). A fault due while a restart
 * is under way that would leave fewer than a majority of the replicas up (the restarting one
 * counted as down) waits for the restart to end, at most {@value #RESTART_WAIT_SECONDS} s; its
 * event then says when it actually began. So the group keeps a majority up as the plan promised.
 *
 * <p>Thread safety: {@link #start}, {@link #finish} and {@link #close} are called by the
 * coordinator; the faults' bookkeeping (the killed replicas, the restarting, the paused and the
 * cut-off ones, the events, the first error) is guarded by {@code this}, whose monitor also
 * signals the end of a restart.
 */
public final class FaultInjector implements AutoCloseable {

    /** How long a fault waits for a restart under way before it fails the run. */
    static final long RESTART_WAIT_SECONDS = 120;
    /** How long a fault may wait for the replicas to agree on a leader to hit. */
    private static final Duration LEADER_WAIT = Duration.ofSeconds(30);

    private final FaultPlan plan;
    private final FaultTarget target;
    /** Written by {@link #start} before any fault is scheduled (the executor's hand-off publishes it). */
    private volatile long originNs;
    private final ScheduledExecutorService fire = Executors.newSingleThreadScheduledExecutor(
            daemon("workload-faults"));
    private final ScheduledExecutorService resume = Executors.newSingleThreadScheduledExecutor(
            daemon("workload-faults-resume"));
    private final ScheduledExecutorService restarts = Executors.newSingleThreadScheduledExecutor(
            daemon("workload-faults-restart"));
    /** Guarded by this: replicas killed and not restarted, the last killed on top. */
    private final Deque<Integer> killed = new ArrayDeque<>();
    /** Guarded by this: replicas whose restart is under way. */
    private final List<Integer> restarting = new ArrayList<>();
    /** Guarded by this: replicas paused and not resumed. */
    private final List<Integer> paused = new ArrayList<>();
    /** Guarded by this: replicas cut off and not healed. */
    private final List<Integer> isolated = new ArrayList<>();
    /** Guarded by this. */
    private final List<FaultEvent> events = new ArrayList<>();
    /** Guarded by this: the first fault that could not be injected. */
    private Exception error;

    public FaultInjector(FaultPlan plan, FaultTarget target) {
        this.plan = plan;
        this.target = target;
    }

    /**
     * Schedules every fault at its time after {@code windowStartNs}; {@code originNs} is the
     * repetition's origin (when its workers were let go): the events' times are seconds since then.
     * Both are {@code nanoTime}s. Called once.
     */
    public void start(long originNs, long windowStartNs) {
        this.originNs = originNs;
        long now = System.nanoTime();
        for (Fault fault : plan.faults()) {
            long due = windowStartNs + (long) (fault.atSeconds() * 1e9);
            fire.schedule(() -> inject(fault), Math.max(0, due - now), TimeUnit.NANOSECONDS);
        }
    }

    private void inject(Fault fault) {
        synchronized (this) {
            if (error != null) {
                return;
            }
        }
        try {
            if (fault.kind() != FaultKind.RESTART) {
                awaitMajority();
            }
            long term = target.highestTerm();
            switch (fault.kind()) {
                case KILL_LEADER -> kill(fault, target.majorityLeader(LEADER_WAIT), term);
                case KILL_FOLLOWER -> kill(fault, follower(), term);
                case RESTART -> restart(fault, term);
                case PAUSE_LEADER, ISOLATE_LEADER -> lasting(fault, target.majorityLeader(LEADER_WAIT), term);
                case PAUSE_FOLLOWER, ISOLATE_FOLLOWER -> lasting(fault, follower(), term);
            }
        } catch (Exception e) {
            fail(new IllegalStateException("fault " + fault + " could not be injected: " + e.getMessage(), e));
        }
    }

    /**
     * Waits while a restart is under way and this fault would leave fewer than a majority up,
     * counting every killed, restarting, paused and cut-off replica as down.
     */
    private void awaitMajority() throws InterruptedException {
        int majority = target.size() / 2 + 1;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RESTART_WAIT_SECONDS);
        synchronized (this) {
            while (!restarting.isEmpty()
                    && target.size() - killed.size() - restarting.size() - paused.size() - isolated.size() - 1
                            < majority) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException("it would leave fewer than a majority up, and replica "
                            + target.id(restarting.get(0)) + " was still restarting after " + RESTART_WAIT_SECONDS
                            + " s");
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
    }

    private void kill(Fault fault, int replica, long term) throws InterruptedException {
        double start = now();
        target.kill(replica);
        synchronized (this) {
            killed.push(replica);
            events.add(new FaultEvent(fault, target.id(replica), start, now(), term));
        }
    }

    private void restart(Fault fault, long term) {
        int replica;
        synchronized (this) {
            if (killed.isEmpty()) {
                throw new IllegalStateException("no replica is down");
            }
            replica = killed.pop();
            restarting.add(replica);
        }
        double start = now();
        restarts.execute(() -> {
            try {
                target.restart(replica);
                synchronized (this) {
                    restarting.remove(Integer.valueOf(replica));
                    events.add(new FaultEvent(fault, target.id(replica), start, now(), term));
                    notifyAll();
                }
            } catch (Exception e) {
                synchronized (this) {
                    // Still down: healing tries again.
                    restarting.remove(Integer.valueOf(replica));
                    killed.push(replica);
                    notifyAll();
                }
                fail(new IllegalStateException("fault " + fault + ": replica " + target.id(replica)
                        + " did not restart: " + e.getMessage(), e));
            }
        });
    }

    /**
     * A fault lasting D seconds, a pause or a partition; ended D seconds after it began, on the
     * resume thread.
     */
    private void lasting(Fault fault, int replica, long term) throws Exception {
        double start = now();
        long began = System.nanoTime();
        boolean pause = !fault.kind().partitions();
        List<Integer> undone = pause ? paused : isolated;
        if (pause) {
            target.pause(replica, Duration.ofMillis((long) (fault.seconds() * 1000)));
        } else {
            target.isolate(replica);
        }
        synchronized (this) {
            undone.add(replica);
        }
        long due = began + (long) (fault.seconds() * 1e9);
        resume.schedule(() -> {
            try {
                if (pause) {
                    target.resume(replica);
                } else {
                    target.heal(replica);
                }
                synchronized (this) {
                    undone.remove(Integer.valueOf(replica));
                    events.add(new FaultEvent(fault, target.id(replica), start, now(), term));
                }
            } catch (Exception e) {
                fail(new IllegalStateException("fault " + fault + ": replica " + target.id(replica) + " could not be "
                        + (pause ? "resumed" : "joined to the others again") + ": " + e.getMessage(), e));
            }
        }, Math.max(0, due - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** A running, unpaused, connected replica that does not lead and is not restarting: the lowest-numbered one. */
    private int follower() throws Exception {
        int leader = target.majorityLeader(LEADER_WAIT);
        for (int i = 0; i < target.size(); i++) {
            boolean starting;
            synchronized (this) {
                starting = restarting.contains(i);
            }
            if (i != leader && !starting && target.isAlive(i) && !target.isPaused(i) && !target.isIsolated(i)) {
                return i;
            }
        }
        throw new IllegalStateException("no running follower");
    }

    private synchronized void fail(Exception e) {
        if (error == null) {
            error = e;
        }
    }

    private double now() {
        return (System.nanoTime() - originNs) / 1e9;
    }

    /**
     * Once the window ended: waits for the fault under way (none is due any more), heals the group
     * (joins the cut-off replicas, resumes the paused ones, restarts the killed ones, the last
     * killed first) and returns
     * the events in the order they began, with the term after healing.
     *
     * @throws IllegalStateException a fault could not be injected, or the group not healed (the
     *     message says which and why); the group is healed as far as it can be first
     */
    public Result finish() throws InterruptedException {
        stop();
        heal();
        synchronized (this) {
            if (error != null) {
                throw new IllegalStateException(error.getMessage(), error);
            }
            List<FaultEvent> done = new ArrayList<>(events);
            done.sort((a, b) -> Double.compare(a.startSeconds(), b.startSeconds()));
            return new Result(done, target.highestTerm());
        }
    }

    /** What a repetition's faults did: the events and the highest term once healed. */
    public record Result(List<FaultEvent> events, long termAfter) {
    }

    /** Lets every fault fire and every pause end (all are due by the window's end), then stops the threads. */
    private void stop() throws InterruptedException {
        fire.shutdown();
        fire.awaitTermination(120, TimeUnit.SECONDS);
        resume.shutdown();
        restarts.shutdown();
        resume.awaitTermination(120, TimeUnit.SECONDS);
        restarts.awaitTermination(120, TimeUnit.SECONDS);
    }

    private void heal() throws InterruptedException {
        List<Integer> toJoin;
        List<Integer> toResume;
        List<Integer> toRestart;
        synchronized (this) {
            toJoin = new ArrayList<>(isolated);
            isolated.clear();
            toResume = new ArrayList<>(paused);
            paused.clear();
            toRestart = new ArrayList<>(killed);
            killed.clear();
        }
        for (int replica : toJoin) {
            try {
                target.heal(replica);
            } catch (Exception e) {
                fail(new IllegalStateException("replica " + target.id(replica) + " could not be joined to the others"
                        + " after the window: " + e.getMessage(), e));
            }
        }
        for (int replica : toResume) {
            try {
                target.resume(replica);
            } catch (Exception e) {
                fail(new IllegalStateException("replica " + target.id(replica) + " could not be resumed after the"
                        + " window: " + e.getMessage(), e));
            }
        }
        for (int replica : toRestart) {
            try {
                target.restart(replica);
            } catch (Exception e) {
                fail(new IllegalStateException("replica " + target.id(replica) + " could not be restarted after the"
                        + " window: " + e.getMessage(), e));
            }
        }
    }

    /** Drops the faults not yet due and heals the group as far as it can (an aborted repetition). */
    @Override
    public void close() {
        fire.shutdownNow();
        resume.shutdownNow();
        restarts.shutdown();
        try {
            fire.awaitTermination(120, TimeUnit.SECONDS);
            restarts.awaitTermination(120, TimeUnit.SECONDS);
            heal();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
