/** Tests only: this tool's output against upstream YCSB 0.17.0's, run side by side on the same workloads. */
package org.sciycsb.compat;
