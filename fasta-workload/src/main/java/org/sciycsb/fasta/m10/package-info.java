/**
 * A streaming parser of {@code ssearch36 -m 10} output ({@link org.sciycsb.fasta.m10.SsearchParser}): lines read
 * from a reusable buffer, fields compared and parsed in place, each query header and alignment (with its scores and
 * its query and hit blocks) handed to an {@link org.sciycsb.fasta.m10.SsearchHandler}, and what was malformed or
 * truncated counted in {@link org.sciycsb.fasta.m10.ParseProblems}. Knows nothing of documents or stores.
 */
package org.sciycsb.fasta.m10;
