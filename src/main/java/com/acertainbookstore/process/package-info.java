/**
 * Child JVMs and commands this program starts (the bookstore server for the harness, the
 * replicas of a local cluster, {@code ip} and {@code sh}): started from the current class path,
 * their output drained to a log, stopped however this JVM ends, and the {@code /health} probe
 * that says a forked server is ready.
 *
 * <p>Uses: nothing else in the project.
 */
package com.acertainbookstore.process;
