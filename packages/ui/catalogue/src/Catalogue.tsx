import { setLocale, useLocale } from '@lab/i18n';
import { MemoryRouter } from '@lab/router';
import { Button, ToastProvider } from '../../src';
import styles from './Catalogue.module.css';
import { DateSection } from './sections/DateSection';
import { FeedbackSection } from './sections/FeedbackSection';
import { NavigationSection } from './sections/NavigationSection';
import { SelectionSection } from './sections/SelectionSection';
import { ValueSection } from './sections/ValueSection';

export interface ControlsCatalogueProps {
  /** A fixed today for the date demos (tests); today in Kyiv otherwise. */
  today?: string;
}

/**
 * Every @lab/ui control in its states, for developers and for the accessibility test. It brings
 * its own router (Link needs one) and toast provider.
 */
export function ControlsCatalogue({ today }: ControlsCatalogueProps) {
  const locale = useLocale();
  return (
    <MemoryRouter>
      <ToastProvider>
        <main className={styles.page}>
          <header className={styles.header}>
            <h1 lang="en" className={styles.title}>
              @lab/ui controls
            </h1>
            <div className={styles.languages}>
              <Button size="sm" variant={locale === 'ua' ? 'primary' : 'secondary'} onClick={() => setLocale('ua')}>
                <span lang="uk">UA</span>
              </Button>
              <Button size="sm" variant={locale === 'ru' ? 'primary' : 'secondary'} onClick={() => setLocale('ru')}>
                <span lang="ru">RU</span>
              </Button>
            </div>
          </header>
          <SelectionSection />
          <DateSection today={today} />
          <ValueSection />
          <FeedbackSection />
          <NavigationSection />
        </main>
      </ToastProvider>
    </MemoryRouter>
  );
}
