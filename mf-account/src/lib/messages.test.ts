import { ApiError } from '@lab/api';
import type { TFunction } from '@lab/i18n';
import { i18next, setLocale } from '@lab/i18n';
import '../i18n/all';
import { statusOf } from './messages';

const t = i18next.getFixedT('ua', 'account') as unknown as TFunction<'account'>;

beforeAll(() => setLocale('ua'));

describe('statusOf', () => {
  it('shows the HTTP status of an answered failure', () => {
    expect(statusOf(new ApiError(500, 'http', 'x'), t)).toBe('Помилка сервера (код 500)');
  });

  it('says the connection failed when no answer came (offline, a timeout), not "code 0"', () => {
    expect(statusOf(new ApiError(0, 'network', 'x'), t)).toBe(
      'Немає з’єднання з сервером. Перевірте інтернет і спробуйте ще раз.',
    );
  });
});
