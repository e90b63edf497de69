/**
 * YCSB's core workload (workload files A to F), our implementation with the same generators and properties, and
 * the adapter that runs any upstream {@code site.ycsb.Workload} unchanged.
 */
package org.sciycsb.workloads;
