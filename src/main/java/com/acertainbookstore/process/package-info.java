/**
 * Child JVMs this program forks (the bookstore server for the harness, the replicas of a local
 * cluster): started from the current class path, their output drained to a log, stopped however
 * this JVM ends. Depends on nothing else in the project.
 */
package com.acertainbookstore.process;
