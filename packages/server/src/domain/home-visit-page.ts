/**
 * The terms part of the /home-visit page, written from the data checkout and the order use (the
 * settlements with visits and their prices, the arrival hours, how far ahead), so the page cannot
 * promise what checkout does not offer. The article's text holds HOME_VISIT_TERMS_MARK where it goes.
 */
import type { HomeVisitTermsResponse } from '@lab/api/contract';
import type { Locale } from '../i18n/messages';

export { HOME_VISIT_TERMS_MARK } from './home-visit';

/** 1450 -> '1 450 грн', 412.5 -> '412.50 грн' (the site's price format: trailing .00 dropped). */
function money(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  const spaced = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${cents === '00' ? spaced : `${spaced}.${cents}`} грн`;
}

const TEXTS = {
  uk: {
    days: ['понеділок', 'вівторок', 'середа', 'четвер', 'п’ятниця', 'субота', 'неділя'],
    prices:
      'Вартість виїзду в межах населеного пункту — незалежно від кількості аналізів і членів родини за однією адресою:',
    hours: 'Час приїзду медсестри (орієнтовний, ви обираєте його під час оформлення):',
    closed: 'вихідний, виїздів немає',
    ahead: (days: number, minutes: number) =>
      `Записатися можна на строк до ${days} днів наперед, на сьогодні — не пізніше ніж за ${minutes} хвилин до приїзду.`,
    elsewhere: 'В інших населених пунктах виїзд медсестри поки недоступний: здайте аналізи в найближчому відділенні.',
    none: 'Зараз виїзд медсестри недоступний: здайте аналізи в найближчому відділенні.',
  },
  ru: {
    days: ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'],
    prices:
      'Стоимость выезда в пределах населённого пункта — независимо от количества анализов и членов семьи по одному адресу:',
    hours: 'Время приезда медсестры (ориентировочное, вы выбираете его при оформлении):',
    closed: 'выходной, выездов нет',
    ahead: (days: number, minutes: number) =>
      `Записаться можно на срок до ${days} дней вперёд, на сегодня — не позже чем за ${minutes} минут до приезда.`,
    elsewhere: 'В других населённых пунктах выезд медсестры пока недоступен: сдайте анализы в ближайшем отделении.',
    none: 'Сейчас выезд медсестры недоступен: сдайте анализы в ближайшем отделении.',
  },
} as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Consecutive weekdays with the same hours as one row ("понеділок – п’ятниця: 08:00–18:00"). */
function hourRows(terms: HomeVisitTermsResponse, locale: Locale): string[] {
  const text = TEXTS[locale];
  const hoursOf = (weekday: number) => {
    const day = terms.days.find((d) => d.weekday === weekday);
    return day ? `${day.firstArrival}–${day.lastArrival}` : text.closed;
  };
  const rows: string[] = [];
  let start = 1;
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    if (weekday < 7 && hoursOf(weekday + 1) === hoursOf(weekday)) continue;
    const name = (day: number) => text.days[day - 1] ?? '';
    const days = start === weekday ? name(start) : `${name(start)} – ${name(weekday)}`;
    rows.push(`${days}: ${hoursOf(weekday)}`);
    start = weekday + 1;
  }
  return rows;
}

/** The terms as HTML in the language (trusted: every value is escaped or a formatted number). */
export function homeVisitTermsHtml(terms: HomeVisitTermsResponse, locale: Locale): string {
  const text = TEXTS[locale];
  if (terms.settlements.length === 0) return `<p>${text.none}</p>`;
  const prices = terms.settlements
    .map(
      (s) =>
        `<li data-settlement-id="${s.settlementId}">${escapeHtml(s.title)} — <strong>${money(s.price)}</strong></li>`,
    )
    .join('');
  const hours = hourRows(terms, locale)
    .map((row) => `<li>${row}</li>`)
    .join('');
  return [
    `<p>${text.prices}</p>`,
    `<ul data-home-visit-prices>${prices}</ul>`,
    `<p>${text.hours}</p>`,
    `<ul>${hours}</ul>`,
    `<p>${text.ahead(terms.bookingDaysAhead, terms.sameDayLeadMinutes)}</p>`,
    `<p>${text.elsewhere}</p>`,
  ].join('');
}
