/**
 * The workload harness's entry point ({@code WorkloadMain}, run by {@code mvn exec:java}): reads
 * the settings ({@code settings}), runs the sweep ({@code running}) and draws the charts
 * ({@code report}).
 */
package com.acertainbookstore.workload;
