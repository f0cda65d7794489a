/**
 * The harness's settings: every {@code workload.*} key with its default ({@code Setting}), parsed
 * and checked into one immutable {@code WorkloadConfig}. Takes {@code business} values, the
 * results model's value types ({@code workload.results}: modes, loads, default output folders),
 * the fault plan and random schedule ({@code workload.faults}), {@code wire}'s bearer token, the
 * replicas' read mode ({@code replication}), and from {@code cluster} the fleet's size bound and
 * whether this machine can make network namespaces (checked when a plan partitions); never depends
 * on {@code workload.running}, {@code client} or {@code server}.
 *
 * <p>Uses: {@code business}, {@code cluster}, {@code replication}, {@code wire}, {@code workload.faults},
 * {@code workload.results}.
 */
package com.acertainbookstore.workload.settings;
