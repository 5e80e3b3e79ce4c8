import type { DropdownOption } from '../../../src';

/** Demo data of the catalogue (not product texts). */
export const CITIES: DropdownOption[] = [
  { value: 'kyiv', label: 'Київ' },
  { value: 'lviv', label: 'Львів' },
  { value: 'odesa', label: 'Одеса' },
  { value: 'dnipro', label: 'Дніпро' },
  { value: 'kharkiv', label: 'Харків' },
  { value: 'lutsk', label: 'Луцьк' },
  { value: 'uzhhorod', label: 'Ужгород', disabled: true },
];

export const ANALYSES: DropdownOption[] = [
  { value: 'cbc', label: 'Загальний аналіз крові' },
  { value: 'glucose', label: 'Глюкоза' },
  { value: 'tsh', label: 'ТТГ' },
  { value: 'ferritin', label: 'Феритин' },
  { value: 'vitd', label: 'Вітамін D' },
  { value: 'crp', label: 'С-реактивний білок' },
];

export const SORT_ORDERS: DropdownOption[] = [
  { value: 'popular', label: 'Популярні' },
  { value: 'cheap', label: 'Спочатку дешевші' },
  { value: 'expensive', label: 'Спочатку дорожчі' },
  { value: 'name', label: 'За назвою' },
];

/** More than the options limit: only the first 1000 are rendered. */
export const MANY: DropdownOption[] = Array.from({ length: 1500 }, (_, index) => ({
  value: String(index + 1),
  label: `Аналіз №${index + 1}`,
}));

/** A picture that names the variant it stands for, so the catalogue shows which one was chosen. */
export function variantPicture(text: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="${colour}"/><text x="160" y="98" fill="#fff" font-family="sans-serif" font-size="22" text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
