import { useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { Button } from '@lab/ui';
import { useEffect, useLayoutEffect, useRef } from 'react';
import styles from './City.module.css';
import { useCity } from './CityContext';

/**
 * docs/product.md#city: "is this your city?" after detection; yes confirms, no opens the picker.
 *
 * A compact bar drawn at the end of the page that sticks to the bottom of the screen: it covers no heading
 * (it arrives after detection, up to 5 s, and a bar at the top would either cover the page or push
 * what the visitor is reading), and at the page's end it takes its own room, so nothing stays under it.
 * While it shows, the page leaves its height free at the screen's bottom (scroll-padding): whatever is
 * scrolled or tabbed into view (a card's «До кошика», the first screen's last cards) stops above it.
 * It is asked once: a visitor who goes on to another page without answering keeps the detected city
 * (as "yes": the header's city button still changes it), and the question does not follow them.
 */
export function CityBanner() {
  const { t } = useTranslation('shell');
  const { city, bannerVisible, confirm, openModal } = useCity();
  const { pathname } = useLocation();
  const askedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!bannerVisible) {
      askedAt.current = null;
      return;
    }
    if (askedAt.current === null) askedAt.current = pathname;
    else if (askedAt.current !== pathname) confirm();
  }, [bannerVisible, pathname, confirm]);
  const bar = useRef<HTMLElement>(null);
  const shown = bannerVisible && city !== null;
  useLayoutEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const leaveRoom = () => root.style.setProperty('scroll-padding-bottom', `${element.offsetHeight}px`);
    leaveRoom();
    // the bar wraps onto two lines on a narrow screen, and grows with the text's size
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(leaveRoom);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [shown]);
  if (!shown || !city) return null;
  return (
    <section ref={bar} className={styles.banner} aria-label={t('city.bannerLabel')} data-city-banner>
      <p className={styles.question}>{t('city.question', { city: city.title })}</p>
      <div className={styles.bannerActions}>
        <Button size="sm" onClick={confirm}>
          {t('city.yes')}
        </Button>
        <Button size="sm" variant="secondary" onClick={openModal}>
          {t('city.no')}
        </Button>
      </div>
    </section>
  );
}
