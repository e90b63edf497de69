/**
 * Comparing runs: a baseline and contenders side by side ({@link org.sciycsb.report.compare.Compare}, with the
 * disk's figures and the manifests' differences: {@link org.sciycsb.report.compare.ManifestDiff}), the verdicts with
 * their 95 % intervals ({@link org.sciycsb.report.compare.Verdicts}: better, worse, same inside the band, undecided
 * with what would decide it) and the Jenkins gate on them
 * ({@link org.sciycsb.report.compare.CompareGate}); the repeated runs comparisons rest on ({@code -p repeats=N}:
 * {@link org.sciycsb.report.compare.Repeats}, {@link org.sciycsb.report.compare.RepeatSummary}), and
 * {@code compare --run}'s interleaved rounds ({@link org.sciycsb.report.compare.Interleaved}) with their seeds and
 * the rule that adds rounds until decided ({@link org.sciycsb.report.compare.UntilDecided}).
 */
package org.sciycsb.report.compare;
