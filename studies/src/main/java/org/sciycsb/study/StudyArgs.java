package org.sciycsb.study;

import java.util.List;

/**
 * The dimensions of one store's study as {@code bin/ycsb study} was asked for them: the study, {@code --scale},
 * {@code --max-threads} (null: the default cap), {@code --repeat} (null: the study's own), {@code --only} and
 * {@code --clients} (client processes per engine step, 1: the engine in this process).
 */
record StudyArgs(StudyDef def, double scale, Integer maxThreads, Integer repeat, List<String> only, int clients) {}
