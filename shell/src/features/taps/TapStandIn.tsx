import { useTranslation } from '@lab/i18n';
import { Link } from '@lab/ui';
import { SEARCH_TAP, STANDIN_ICONS } from './icons';
import styles from './TapStandIn.module.css';

function Icon({ name }: { name: keyof typeof STANDIN_ICONS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shell's own constant markup (icons.ts)
      dangerouslySetInnerHTML={{ __html: STANDIN_ICONS[name] }}
    />
  );
}

/**
 * A header control whose remote has not arrived yet: the cart is a link that works at once; the search
 * button keeps its tap (capture.ts), shows it busy, and the live button opens the search once it is
 * drawn (replay.ts). Same size and place as the live control, so nothing moves when it comes.
 */
export function TapStandIn({ control }: { control: 'search' | 'cart' }) {
  const { t } = useTranslation('shell');
  if (control === 'cart') {
    return (
      <Link to="/cart" className={styles.standIn}>
        <Icon name="cart" />
        <span className="visually-hidden">{t('nav.cart')}</span>
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={styles.standIn}
      aria-label={t('standIn.search')}
      aria-haspopup="dialog"
      data-tap={SEARCH_TAP}
      data-tap-standin=""
    >
      <Icon name="search" />
    </button>
  );
}
