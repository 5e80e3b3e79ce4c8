import { i18next } from '@lab/i18n';
import {
  Accordion,
  Button,
  Calendar,
  CountBadge,
  DateInput,
  DatePicker,
  DateRangePicker,
  Dropdown,
  ErrorState,
  formatBadgeCount,
  formatBytes,
  formatDateKyiv,
  formatPrice,
  Image,
  isBot,
  isValidBirthDate,
  Link,
  Modal,
  maxBirthDateForAge,
  Price,
  photoUrl,
  plural,
  Rating,
  Sidebar,
  Skeleton,
  Spinner,
  ToastProvider,
  Tooltip,
  todayInKyiv,
  UI_NAMESPACE,
  useFocusTrap,
  useLocalizedNavigate,
  useToast,
} from './index';

describe('@lab/ui entry', () => {
  it('exports the primitives', () => {
    for (const value of [Accordion, Button, ErrorState, Link, Modal, Sidebar, Skeleton, Spinner, useFocusTrap]) {
      expect(value).toBeInstanceOf(Function);
    }
    for (const value of [Calendar, CountBadge, DateInput, DatePicker, DateRangePicker, Dropdown, Image, Price]) {
      expect(value).toBeInstanceOf(Function);
    }
    for (const value of [Rating, ToastProvider, Tooltip, useToast]) {
      expect(value).toBeInstanceOf(Function);
    }
    expect(useLocalizedNavigate).toBeInstanceOf(Function);
  });

  it('exports the formatters and helpers', () => {
    expect(formatPrice(1000000, 'грн')).toBe('1 000 000 грн');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(plural(22, ['аналіз', 'аналізи', 'аналізів'])).toBe('аналізи');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(isValidBirthDate(maxBirthDateForAge(18, '2026-11-22'), '2026-11-22')).toBe(true);
    expect(todayInKyiv(new Date('2026-11-21T22:30:00Z'))).toBe('2026-11-22');
    expect(formatDateKyiv('2026-11-21T22:30:00Z')).toBe('22.11.2026');
    expect(photoUrl('/photo', 2)).toBe('/photo?v=2');
    expect(isBot('Googlebot/2.1', undefined)).toBe(true);
  });

  it('has every ui key in both locales', () => {
    const ua = Object.keys(i18next.getResourceBundle('ua', UI_NAMESPACE)).sort();
    const ru = Object.keys(i18next.getResourceBundle('ru', UI_NAMESPACE)).sort();
    expect(ru).toEqual(ua);
  });

  it('translates the control texts of docs/product.md#errors', () => {
    const ua = i18next.getFixedT('ua', UI_NAMESPACE);
    const ru = i18next.getFixedT('ru', UI_NAMESPACE);
    expect(ua('noResults')).toBe('Нічого не знайдено. Спробуйте змінити пошуковий запит.');
    expect(ru('listEmpty')).toBe('Список пуст.');
    expect(ua('andMore', { count: 3 })).toBe('і ще 3');
    expect(ru('andMore', { count: 3 })).toBe('и ещё 3');
    expect(ua('ok')).toBe('OK');
    expect(ru('invalidDate')).toBe('Некорректная дата');
  });

  it('registers the ui namespace in ua and ru', () => {
    expect(i18next.hasResourceBundle('ua', UI_NAMESPACE)).toBe(true);
    expect(i18next.hasResourceBundle('ru', UI_NAMESPACE)).toBe(true);
    expect(i18next.getFixedT('ru', UI_NAMESPACE)('close')).toBe('Закрыть');
  });
});
