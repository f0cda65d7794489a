package com.acertainbookstore.cluster;

import java.io.IOException;
import java.time.Duration;

/**
 * The replicas a fault plan acts on ({@code workload.faults}), numbered 0..size-1: what a fault
 * can do to a replica and what it needs to know to aim. {@link ReplicaFleet} implements it; tests
 * of the injector implement it without processes. Implementations are safe to call from the
 * injector's threads while the workers run.
 */
public interface FaultTarget {

    /** How many replicas. */
    int size();

    /** Replica i's name ({@code r0}). */
    String id(int replica);

    /**
     * The replica leading now, once the replicas that answer are a majority and agree on one.
     *
     * @throws IOException no leader agreed on within {@code timeout}
     */
    int majorityLeader(Duration timeout) throws IOException, InterruptedException;

    /** Whether replica i's process runs (paused or not). */
    boolean isAlive(int replica);

    /** Whether replica i is paused. */
    boolean isPaused(int replica);

    /** SIGKILL; returns once the process ended. */
    void kill(int replica) throws InterruptedException;

    /** Starts a killed replica again on its ports and storage; returns once it serves and knows the leader. */
    void restart(int replica) throws IOException, InterruptedException;

    /** SIGSTOP, for about {@code atMost} (a guard outside this JVM ends it soon after, should this JVM die). */
    void pause(int replica, Duration atMost) throws IOException, InterruptedException;

    /** SIGCONT of a paused replica; nothing otherwise. */
    void resume(int replica) throws IOException, InterruptedException;

    /** Cuts replica i off from the other replicas, both ways, clients still reaching it. */
    void isolate(int replica) throws IOException;

    /** Joins a cut-off replica to the others again; nothing otherwise. */
    void heal(int replica) throws IOException;

    /** Whether replica i is cut off from the others. */
    boolean isIsolated(int replica);

    /** The highest Raft term a running, unpaused replica reports (each election raises it); -1 if none answers. */
    long highestTerm();
}
