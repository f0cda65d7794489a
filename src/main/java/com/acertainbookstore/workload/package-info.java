/**
 * The workload harness's entry point ({@code WorkloadMain}, run by {@code mvn exec:java}): reads
 * the settings ({@code settings}), runs the sweep ({@code running}) against an in-process
 * {@code CertainBookStore} or over HTTP, and draws the charts ({@code report}). Never depends on
 * {@code server} or {@code client} directly: {@code running} reaches them.
 */
package com.acertainbookstore.workload;
