import { useLocale } from '@lab/i18n';

const formats = new Map<string, (date: string) => string>();

/** The formatter of one language, made once (an Intl formatter is costly to build on every card). */
function longDateIn(language: 'uk' | 'ru'): (date: string) => string {
  let format = formats.get(language);
  if (!format) {
    const intl = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    // Intl writes п’ятниця with U+02BC; the site's Ukrainian texts use one apostrophe, ’ (U+2019)
    format = (date) => intl.format(new Date(`${date}T12:00:00Z`)).replace(/[\u02BC']/g, '\u2019');
    formats.set(language, format);
  }
  return format;
}

/**
 * "п’ятниця, 20 листопада" from YYYY-MM-DD (a calendar day: no time zone shifts it), in the page's
 * language: how the confirmation's plan and the order card write an order's days.
 */
export function useLongDate(): (date: string) => string {
  return longDateIn(useLocale() === 'ru' ? 'ru' : 'uk');
}
