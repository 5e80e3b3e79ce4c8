import type { Gender, Specialization } from '@lab/api/contract';
import { useTestApp } from '../../../test-support/harness';
import { ok } from '../../../test-support/http';

const t = useTestApp();

describe('GET genders (core/genders)', () => {
  it('lists the genders with code and enabled flag, localized', async () => {
    const genders = await ok<Gender[]>(t.app, 'genders');
    expect(genders.map(({ code, title, enabled }) => ({ code, title, enabled }))).toEqual([
      { code: 'male', title: 'Чоловіча', enabled: true },
      { code: 'female', title: 'Жіноча', enabled: true },
    ]);
    const ru = await ok<Gender[]>(t.app, 'genders', { language: 'ru-RU,ru;q=0.9,en;q=0.8' });
    expect(ru.map((g) => g.title)).toEqual(['Мужской', 'Женский']);
  });
});

describe('GET specializations (core/specializations)', () => {
  it('lists specializations in Ukrainian alphabetical order (І after Е, not first as in code points)', async () => {
    const list = await ok<Specialization[]>(t.app, 'specializations', { language: 'ua' });
    expect(list.map((s) => s.title)).toEqual(['Гінеколог', 'Ендокринолог', 'Імунолог', 'Терапевт']);
  });

  it('sorts Russian titles in Russian order', async () => {
    const list = await ok<Specialization[]>(t.app, 'specializations', { language: 'ru' });
    expect(list.map((s) => s.title)).toEqual(['Гинеколог', 'Иммунолог', 'Терапевт', 'Эндокринолог']);
  });
});
