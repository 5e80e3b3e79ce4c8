/**
 * The units this laboratory reports: every UCUM code is valid UCUM by the U.S. National Library of
 * Medicine's UCUM library, every unit an indicator uses has one, and every LOINC entry names an indicator.
 */
import { UcumLhcUtils } from '@lhncbc/ucum-lhc';
import { ANALYTES } from './analytes';
import { LOINC } from './loinc';
import { UNITS, ucumOfDisplay, unitByUcum } from './units';

const ucum = UcumLhcUtils.getInstance();

describe('units', () => {
  it.each(UNITS.map((unit) => [unit.ucum, unit.display]))('%s (%s) is valid UCUM', (code) => {
    expect(ucum.validateUnitString(code, true)).toMatchObject({ status: 'valid', ucumCode: code });
  });

  it('the library refuses what is not UCUM (the check can fail)', () => {
    expect(ucum.validateUnitString('г/л', true).status).toBe('invalid');
    expect(ucum.validateUnitString('g/dl/zz', true).status).toBe('invalid');
  });

  it('every unit an indicator is reported in has its UCUM code', () => {
    for (const analyte of Object.values(ANALYTES)) {
      expect({ code: analyte.code, ucum: ucumOfDisplay(analyte.unit) }).toEqual({
        code: analyte.code,
        ucum: expect.any(String),
      });
    }
    expect(unitByUcum('mg/dl')).toBeNull();
  });

  it('every LOINC entry belongs to a known indicator, and every measured indicator has one', () => {
    expect(Object.keys(LOINC).sort()).toEqual(Object.keys(ANALYTES).sort());
    for (const { code } of Object.values(LOINC)) expect(code).toMatch(/^\d{1,6}-\d$/);
  });
});
