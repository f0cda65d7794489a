/**
 * The harness's settings: every {@code workload.*} key with its default ({@code Setting}), parsed
 * and checked into one immutable {@code WorkloadConfig}. Depends on {@code business} values only.
 */
package com.acertainbookstore.workload.settings;
