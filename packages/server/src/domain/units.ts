/**
 * Units of measure: what the site shows (Ukrainian abbreviations, as the analytes of
 * domain/analytes.ts are reported) and their UCUM codes (the Unified Code for Units of Measure), which
 * the laboratory's information system reports and FHIR carries (`system: http://unitsofmeasure.org`).
 * Every code here is checked by the UCUM library of the U.S. National Library of Medicine
 * (`@lhncbc/ucum-lhc`) in `units.test.ts`.
 */

export interface Unit {
  /** How the site and the PDF show it. */
  readonly display: string;
  /** The UCUM code. */
  readonly ucum: string;
}

export const UNITS: readonly Unit[] = [
  { display: 'г/л', ucum: 'g/L' },
  { display: '×10¹²/л', ucum: '10*12/L' },
  { display: '×10⁹/л', ucum: '10*9/L' },
  { display: '%', ucum: '%' },
  { display: 'мм/год', ucum: 'mm/h' },
  { display: 'ммоль/л', ucum: 'mmol/L' },
  { display: 'мкмоль/л', ucum: 'umol/L' },
  { display: 'пмоль/л', ucum: 'pmol/L' },
  { display: 'мкОд/мл', ucum: 'u[IU]/mL' },
  { display: 'мМО/л', ucum: 'm[IU]/L' },
  { display: 'Од/л', ucum: 'U/L' },
  { display: 'мкг/л', ucum: 'ug/L' },
  { display: 'мг/л', ucum: 'mg/L' },
  { display: 'нг/мл', ucum: 'ng/mL' },
  { display: 'пг/мл', ucum: 'pg/mL' },
];

const BY_UCUM = new Map(UNITS.map((unit) => [unit.ucum, unit]));
const BY_DISPLAY = new Map(UNITS.map((unit) => [unit.display, unit]));

/** The unit of a UCUM code the laboratory reported, or null when this site does not know it. */
export function unitByUcum(code: string): Unit | null {
  return BY_UCUM.get(code) ?? null;
}

/** The UCUM code of a unit as shown (results written before UCUM codes were stored), or null. */
export function ucumOfDisplay(display: string | null): string | null {
  return display === null ? null : (BY_DISPLAY.get(display)?.ucum ?? null);
}
