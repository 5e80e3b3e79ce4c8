/** The order's preparation memo and the results' working days, without a database. */
import { addWorkingDays, type PlanItem, preparationMemo } from './visit-plan';

const item = (title: string, preparation: string | null, fastingHours: number | null, fastingRuleOnly = false) =>
  ({ title, preparation, fastingHours, fastingRuleOnly }) satisfies PlanItem;

describe('preparation memo', () => {
  it('puts the strictest fasting rule first, names each text once with its analyses, drops a covered plain rule', () => {
    const memo = preparationMemo([
      item('ЗАК', 'Натщесерце або через 3–4 години', 3, true),
      item('Сеча', 'Ранкова сеча', null),
      item('Глюкоза', 'Натщесерце, 8–12 годин', 8, true),
      item('Холестерин', 'Строго натщесерце, 12–14 годин', 12),
      item('Тригліцериди', 'Строго натщесерце, 12–14 годин', 12),
      item('Коагулограма', 'Через 4 години; назвіть антикоагулянти', 4),
    ]);
    expect(memo).toEqual({
      fastingHours: 12,
      notes: [
        { text: 'Строго натщесерце, 12–14 годин', services: ['Холестерин', 'Тригліцериди'], fastingHours: 12 },
        // a weaker rule that asks for more than fasting stays
        { text: 'Через 4 години; назвіть антикоагулянти', services: ['Коагулограма'], fastingHours: 4 },
        { text: 'Ранкова сеча', services: ['Сеча'], fastingHours: null },
      ],
    });
  });

  it('keeps a plain rule when nothing is stricter, and "no preparation" only when nothing else is asked', () => {
    expect(preparationMemo([item('ЗАК', 'Натщесерце або через 3–4 години', 3, true)]).notes).toHaveLength(1);
    const none = item('Група крові', 'Спеціальна підготовка не потрібна.', 0, true);
    expect(preparationMemo([none])).toEqual({
      fastingHours: null,
      notes: [{ text: 'Спеціальна підготовка не потрібна.', services: ['Група крові'], fastingHours: 0 }],
    });
    expect(preparationMemo([none, item('Сеча', 'Ранкова сеча', null)]).notes.map((note) => note.text)).toEqual([
      'Ранкова сеча',
    ]);
  });
});

describe('working days', () => {
  it('skips the weekend', () => {
    expect(addWorkingDays('2026-11-18', 0)).toBe('2026-11-18'); // Wednesday
    expect(addWorkingDays('2026-11-18', 3)).toBe('2026-11-23'); // to Monday
    expect(addWorkingDays('2026-11-21', 1)).toBe('2026-11-23'); // Saturday to Monday
    expect(addWorkingDays('2026-11-20', 5)).toBe('2026-11-27'); // Friday to Friday
  });
});
