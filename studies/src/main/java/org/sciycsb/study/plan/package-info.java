/**
 * What a study's plan is made of: the steps (engine loads and runs, census jobs, pauses) in order with their tags
 * and dependencies ({@link org.sciycsb.study.plan.Plan}, {@link org.sciycsb.study.plan.Step}), the study file's
 * values ({@code study.properties}, read strictly), the scale and caps a study expands at, and the {@code -p study.*}
 * options.
 */
package org.sciycsb.study.plan;
