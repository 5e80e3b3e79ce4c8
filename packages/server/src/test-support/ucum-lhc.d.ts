/** The part of the UCUM library's API the unit tests use (the package ships no types). */
declare module '@lhncbc/ucum-lhc' {
  export interface UnitValidation {
    readonly status: 'valid' | 'invalid' | 'error';
    readonly ucumCode: string | null;
    readonly msg: readonly string[];
  }
  export const UcumLhcUtils: {
    getInstance(): { validateUnitString(unit: string, suggest?: boolean): UnitValidation };
  };
}
