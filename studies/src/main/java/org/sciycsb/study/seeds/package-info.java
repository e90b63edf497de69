/**
 * The five seed studies (dede, niec, sandisk, sei, bankmark), each its matrix expanded into a plan and its report
 * laid out as the paper's tables and figures ({@link org.sciycsb.study.seeds.StudyDef}); dede's census, fault and
 * checkpoint parts in classes of their own; and the expansion of a study's files into its plan.
 */
package org.sciycsb.study.seeds;
