/** One LIS row checked against its indicator and turned into what the site shows (no database). */
import type { AnalyteDefinition } from './analytes';
import { ANALYTES } from './analytes';
import { storedResult } from './lis-intake';

const HGB = ANALYTES.HGB as AnalyteDefinition;
const CHOL = ANALYTES.CHOL as AnalyteDefinition;
const HELICOBACTER: AnalyteDefinition = {
  code: 'S-4023',
  title: { uk: 'Helicobacter pylori, антиген', ru: 'Helicobacter pylori, антиген' },
  unit: null,
  qualitative: true,
};
const DESCRIPTIVE: AnalyteDefinition = {
  code: 'S-9001',
  title: { uk: 'Мікроскопія', ru: 'Микроскопия' },
  unit: null,
  qualitative: false,
};

describe('storedResult', () => {
  it('shows a number in the indicator’s unit with its decimals and marks it against the range', () => {
    expect(
      storedResult(
        { id: 'a', analyteCode: 'CHOL', value: 6.1, unit: 'mmol/L', referenceRange: { high: 5.2 } },
        CHOL,
        'r',
      ),
    ).toEqual({
      result: '6.10',
      value: 6.1,
      unit: 'ммоль/л',
      ucum: 'mmol/L',
      referenceValues: '< 5.20',
      refLow: null,
      refHigh: 5.2,
      note: null,
      found: null,
      outOfRange: 'high',
    });
    expect(
      storedResult(
        { id: 'a', analyteCode: 'HGB', value: 112, unit: 'g/L', referenceRange: { low: 120, high: 150 }, note: ' ' },
        HGB,
        'r',
      ),
    ).toMatchObject({ result: '112', referenceValues: '120 – 150', outOfRange: 'low', note: null });
    expect(
      storedResult({ id: 'a', analyteCode: 'HGB', value: 131.5, unit: 'g/L', referenceRange: { low: 120 } }, HGB, 'r'),
    ).toMatchObject({
      result: '131.5',
      referenceValues: '> 120',
      outOfRange: null,
    });
  });

  it('takes detected / not detected for a qualitative test', () => {
    expect(
      storedResult({ id: 'a', analyteCode: 'S-4023', value: 'detected', note: 'Консультація' }, HELICOBACTER, 'r'),
    ).toMatchObject({
      result: 'Виявлено',
      found: true,
      referenceValues: 'Не виявлено',
      note: 'Консультація',
    });
    expect(storedResult({ id: 'a', analyteCode: 'S-4023', value: 'not-detected' }, HELICOBACTER, 'r')).toMatchObject({
      result: 'Не виявлено',
      found: false,
    });
    expect(() => storedResult({ id: 'a', analyteCode: 'S-4023', value: 'maybe' }, HELICOBACTER, 'results[3]')).toThrow(
      expect.objectContaining({ statusCode: 422, code: 'lis-value-kind', field: 'results[3].value' }),
    );
    expect(() => storedResult({ id: 'a', analyteCode: 'S-4023', value: 1, unit: 'mg/L' }, HELICOBACTER, 'r')).toThrow(
      expect.objectContaining({ code: 'lis-value-kind' }),
    );
  });

  it('takes a text for a descriptive result, without unit or numeric range', () => {
    expect(
      storedResult(
        { id: 'a', analyteCode: 'S-9001', value: ' Без особливостей ', referenceRange: { text: 'Норма' } },
        DESCRIPTIVE,
        'r',
      ),
    ).toMatchObject({
      result: 'Без особливостей',
      referenceValues: 'Норма',
      found: null,
    });
    expect(() => storedResult({ id: 'a', analyteCode: 'S-9001', value: 'x', unit: 'g/L' }, DESCRIPTIVE, 'r')).toThrow(
      expect.objectContaining({ code: 'lis-unit-unexpected', field: 'r.unit' }),
    );
    expect(() =>
      storedResult({ id: 'a', analyteCode: 'S-9001', value: 'x', referenceRange: { low: 1 } }, DESCRIPTIVE, 'r'),
    ).toThrow(expect.objectContaining({ code: 'lis-range-unexpected', field: 'r.referenceRange' }));
  });
});
