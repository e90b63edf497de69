package org.sciycsb.fhir;

/**
 * A laboratory or vital-sign test: its LOINC code and display, FHIR category, UCUM unit (printed unit and UCUM
 * code), the plausible value range and reference range, and the decimals its values carry.
 */
record LabTest(String loinc, String display, String text, String category, String unit, String ucum, double min,
    double max, double refLow, double refHigh, int decimals) {

  static final LabTest[] ALL = {
      new LabTest("2345-7", "Glucose [Mass/volume] in Serum or Plasma", "Glucose", "laboratory", "mg/dL", "mg/dL",
          55, 260, 70, 99, 0),
      new LabTest("718-7", "Hemoglobin [Mass/volume] in Blood", "Hemoglobin", "laboratory", "g/dL", "g/dL",
          8, 19, 12, 17.5, 1),
      new LabTest("2160-0", "Creatinine [Mass/volume] in Serum or Plasma", "Creatinine", "laboratory", "mg/dL",
          "mg/dL", 0.4, 4.5, 0.6, 1.3, 2),
      new LabTest("2951-2", "Sodium [Moles/volume] in Serum or Plasma", "Sodium", "laboratory", "mmol/L", "mmol/L",
          125, 152, 135, 145, 0),
      new LabTest("2823-3", "Potassium [Moles/volume] in Serum or Plasma", "Potassium", "laboratory", "mmol/L",
          "mmol/L", 2.8, 6.2, 3.5, 5.1, 1),
      new LabTest("2093-3", "Cholesterol [Mass/volume] in Serum or Plasma", "Cholesterol", "laboratory", "mg/dL",
          "mg/dL", 110, 320, 125, 200, 0),
      new LabTest("2571-8", "Triglyceride [Mass/volume] in Serum or Plasma", "Triglycerides", "laboratory",
          "mg/dL", "mg/dL", 40, 450, 0, 150, 0),
      new LabTest("4548-4", "Hemoglobin A1c/Hemoglobin.total in Blood", "HbA1c", "laboratory", "%", "%",
          4.2, 12.5, 4, 5.6, 1),
      new LabTest("6690-2", "Leukocytes [#/volume] in Blood by Automated count", "WBC", "laboratory", "10*3/uL",
          "10*3/uL", 2.5, 18, 4, 11, 1),
      new LabTest("777-3", "Platelets [#/volume] in Blood by Automated count", "Platelets", "laboratory", "10*3/uL",
          "10*3/uL", 90, 480, 150, 400, 0),
      new LabTest("1742-6", "Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma", "ALT",
          "laboratory", "U/L", "U/L", 5, 180, 7, 56, 0),
      new LabTest("8867-4", "Heart rate", "Heart rate", "vital-signs", "beats/minute", "/min", 45, 140, 60, 100, 0),
      new LabTest("8310-5", "Body temperature", "Body temperature", "vital-signs", "C", "Cel", 35.5, 40.2, 36.1,
          37.2, 1),
      new LabTest("29463-7", "Body weight", "Body weight", "vital-signs", "kg", "kg", 3, 160, 0, 0, 1),
      new LabTest("8480-6", "Systolic blood pressure", "Systolic blood pressure", "vital-signs", "mmHg", "mm[Hg]",
          85, 200, 90, 120, 0),
      new LabTest("59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry", "SpO2", "vital-signs", "%",
          "%", 84, 100, 95, 100, 0),
  };
}
