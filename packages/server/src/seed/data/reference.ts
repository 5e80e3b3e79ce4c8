import type { SeedGender, SeedHomeVisit, SeedPromoCode, SeedSpecialization } from '../types';

export const genders: SeedGender[] = [
  { code: 'male', title: { uk: 'Чоловіча', ru: 'Мужской' }, enabled: true },
  { code: 'female', title: { uk: 'Жіноча', ru: 'Женский' }, enabled: true },
];

/** [code, uk, ru] */
const SPECIALIZATIONS: ReadonlyArray<readonly [string, string, string]> = [
  ['therapist', 'Терапевт', 'Терапевт'],
  ['family-doctor', 'Сімейний лікар', 'Семейный врач'],
  ['pediatrician', 'Педіатр', 'Педиатр'],
  ['gynecologist', 'Акушер-гінеколог', 'Акушер-гинеколог'],
  ['endocrinologist', 'Ендокринолог', 'Эндокринолог'],
  ['urologist', 'Уролог', 'Уролог'],
  ['cardiologist', 'Кардіолог', 'Кардиолог'],
  ['gastroenterologist', 'Гастроентеролог', 'Гастроэнтеролог'],
  ['dermatologist', 'Дерматовенеролог', 'Дерматовенеролог'],
  ['allergist', 'Алерголог-імунолог', 'Аллерголог-иммунолог'],
  ['neurologist', 'Невролог', 'Невролог'],
  ['rheumatologist', 'Ревматолог', 'Ревматолог'],
  ['hematologist', 'Гематолог', 'Гематолог'],
  ['infectious-disease', 'Інфекціоніст', 'Инфекционист'],
  ['oncologist', 'Онколог', 'Онколог'],
  ['otolaryngologist', 'Отоларинголог', 'Отоларинголог'],
  ['reproductologist', 'Репродуктолог', 'Репродуктолог'],
];

export const specializations: SeedSpecialization[] = SPECIALIZATIONS.map(([code, uk, ru]) => ({
  code,
  title: { uk, ru },
}));

/**
 * Promo codes covering every state the checkout must handle: valid, valid and larger,
 * expired, used up, not yet valid.
 */
export const promoCodes: SeedPromoCode[] = [
  { code: 'HEALTH10', fraction: 0.1, validFrom: '2024-01-01', validTo: '2030-12-31', maxUses: null, used: 312 },
  // the men's Check-up packages only, not on top of a sale price; its news item
  // ('checkup-dlia-cholovikiv-zi-znyzhkoiu-20') shows these days, this value and this scope
  {
    code: 'CHECKUP20',
    fraction: 0.2,
    validFrom: '2026-11-01',
    validTo: '2030-12-31',
    maxUses: 5000,
    used: 1870,
    groups: ['check-up-men'],
    withSales: false,
  },
  { code: 'SPRING15', fraction: 0.15, validFrom: '2026-03-01', validTo: '2026-05-31', maxUses: null, used: 954 },
  { code: 'NEWYEAR2026', fraction: 0.12, validFrom: '2025-12-20', validTo: '2026-01-10', maxUses: 3000, used: 2411 },
  { code: 'WELCOME5', fraction: 0.05, validFrom: '2025-01-01', validTo: '2030-12-31', maxUses: 1000, used: 1000 },
  { code: 'FUTURE25', fraction: 0.25, validFrom: '2027-01-01', validTo: '2027-03-31', maxUses: 500, used: 0 },
];

/**
 * Where a nurse comes to take samples at home, and the visit's price within the settlement: the big
 * cities, where the network's nurses are; elsewhere a branch. The /home-visit page, checkout and the
 * order all read these (table home_visit_settlements).
 */
export const homeVisits: SeedHomeVisit[] = [
  { settlement: 'kyiv', price: 450 },
  { settlement: 'lviv', price: 400 },
  { settlement: 'odesa', price: 400 },
  { settlement: 'kharkiv', price: 400 },
  { settlement: 'dnipro', price: 400 },
];
