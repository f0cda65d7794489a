/**
 * The harness's settings: every {@code workload.*} key with its default ({@code Setting}), parsed
 * and checked into one immutable {@code WorkloadConfig}. Depends on {@code business} values, the
 * results model's value types ({@code workload.results}: modes, loads, default output folders),
 * the fault plan and random schedule ({@code workload.faults}), and {@code wire}'s bearer token;
 * never on {@code workload.running}, {@code client} or {@code server}.
 */
package com.acertainbookstore.workload.settings;
