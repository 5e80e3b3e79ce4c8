/**
 * LOINC codes of the indicators (domain/analytes.ts) for FHIR Observation.code, with LOINC's long
 * common name of each. Source: the LOINC table published by the Regenstrief Institute (loinc.org,
 * searchable at https://loinc.org/search/), chosen for the specimen and the unit this laboratory
 * reports (serum or plasma, SI units in moles where the unit is mmol/L or µmol/L, "[Mass/volume]" for
 * g/L, µg/L, ng/mL ...). Indicators that stand for a whole qualitative analysis (`S-<code>`) have no code
 * here: they go out with the laboratory's own code and the analysis's name. Listed in
 * packages/server/README.md ("Results as FHIR R4").
 */

export interface LoincCode {
  readonly code: string;
  /** LOINC's long common name. */
  readonly display: string;
}

export const LOINC: Readonly<Record<string, LoincCode>> = {
  HGB: { code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood' },
  RBC: { code: '789-8', display: 'Erythrocytes [#/volume] in Blood by Automated count' },
  WBC: { code: '6690-2', display: 'Leukocytes [#/volume] in Blood by Automated count' },
  PLT: { code: '777-3', display: 'Platelets [#/volume] in Blood by Automated count' },
  HCT: { code: '4544-3', display: 'Hematocrit [Volume Fraction] of Blood by Automated count' },
  ESR: { code: '30341-2', display: 'Erythrocyte sedimentation rate' },
  GLU: { code: '14749-6', display: 'Glucose [Moles/volume] in Serum or Plasma' },
  HBA1C: { code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' },
  INS: { code: '20448-7', display: 'Insulin [Units/volume] in Serum or Plasma' },
  CHOL: { code: '14647-2', display: 'Cholesterol [Moles/volume] in Serum or Plasma' },
  HDL: { code: '14646-4', display: 'Cholesterol in HDL [Moles/volume] in Serum or Plasma' },
  LDL: { code: '22748-8', display: 'Cholesterol in LDL [Moles/volume] in Serum or Plasma' },
  TG: { code: '14927-8', display: 'Triglyceride [Moles/volume] in Serum or Plasma' },
  ALT: { code: '1742-6', display: 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma' },
  AST: { code: '1920-8', display: 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma' },
  TBIL: { code: '14631-6', display: 'Bilirubin.total [Moles/volume] in Serum or Plasma' },
  DBIL: { code: '14629-0', display: 'Bilirubin.direct [Moles/volume] in Serum or Plasma' },
  GGT: { code: '2324-2', display: 'Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma' },
  ALP: { code: '6768-6', display: 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma' },
  CREA: { code: '14682-9', display: 'Creatinine [Moles/volume] in Serum or Plasma' },
  UREA: { code: '22664-7', display: 'Urea [Moles/volume] in Serum or Plasma' },
  URIC: { code: '14933-6', display: 'Urate [Moles/volume] in Serum or Plasma' },
  K: { code: '2823-3', display: 'Potassium [Moles/volume] in Serum or Plasma' },
  NA: { code: '2951-2', display: 'Sodium [Moles/volume] in Serum or Plasma' },
  CL: { code: '2075-0', display: 'Chloride [Moles/volume] in Serum or Plasma' },
  FE: { code: '14798-3', display: 'Iron [Moles/volume] in Serum or Plasma' },
  FERR: { code: '2276-4', display: 'Ferritin [Mass/volume] in Serum or Plasma' },
  TSH: { code: '3016-3', display: 'Thyrotropin [Units/volume] in Serum or Plasma' },
  FT4: { code: '14920-3', display: 'Thyroxine (T4) free [Moles/volume] in Serum or Plasma' },
  FT3: { code: '14928-6', display: 'Triiodothyronine (T3) Free [Moles/volume] in Serum or Plasma' },
  CRP: { code: '1988-5', display: 'C reactive protein [Mass/volume] in Serum or Plasma' },
  PSA: { code: '2857-1', display: 'Prostate specific Ag [Mass/volume] in Serum or Plasma' },
  VITD: {
    code: '62292-8',
    display: '25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma',
  },
  B12: { code: '2132-9', display: 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma' },
};

export function loincOf(analyteCode: string): LoincCode | null {
  return LOINC[analyteCode] ?? null;
}
