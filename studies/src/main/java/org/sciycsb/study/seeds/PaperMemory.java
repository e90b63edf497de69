package org.sciycsb.study.seeds;

/**
 * What a paper says of its data against its server's memory: {@code ratio} = the bytes of the study's largest data
 * set over the server's memory (seed 002: 1 TB on 96 GB, 10.7; seed 004's test case I: 45 %), and where it says so.
 */
public record PaperMemory(double ratio, String source) {}
