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

describe('preparationMemo: only what holds for this order', () => {
  const urine = item(
    'Сеча',
    'Зібрати ранкову сечу в стерильний контейнер. Доставити до відділення протягом 2 годин. Жінкам не рекомендовано здавати аналіз під час менструації.',
    null,
  );
  const texts = (reader: Parameters<typeof preparationMemo>[1]) =>
    preparationMemo([urine], reader).notes.map((note) => note.text);

  it('a home visit: no "deliver to the branch" (the nurse takes the sample)', () => {
    expect(texts({ sex: 'female', homeVisit: true })).toEqual([
      'Зібрати ранкову сечу в стерильний контейнер. Жінкам не рекомендовано здавати аналіз під час менструації.',
    ]);
  });

  it('a man: no advice for women; a branch visit keeps the delivery', () => {
    expect(texts({ sex: 'male', homeVisit: false })).toEqual([
      'Зібрати ранкову сечу в стерильний контейнер. Доставити до відділення протягом 2 годин.',
    ]);
  });

  it('in Russian too, and an unknown sex keeps every sentence', () => {
    const ru = item('Моча', 'Собрать мочу. Доставить в отделение в течение 2 часов. Женщинам — вне менструации.', null);
    expect(preparationMemo([ru], { sex: 'male', homeVisit: true }).notes[0]?.text).toBe('Собрать мочу.');
    expect(texts({ sex: null, homeVisit: false })[0]).toContain('Жінкам');
  });
});
