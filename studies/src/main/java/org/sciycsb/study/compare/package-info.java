/**
 * {@code bin/ycsb study <name> --compare A B}: two finished runs of a study side by side, B / A with intervals
 * (sandisk: the vendor's layout), and compare's own page for every pair of runs.
 */
package org.sciycsb.study.compare;
