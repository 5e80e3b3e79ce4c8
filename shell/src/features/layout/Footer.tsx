import { useMenus } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Accordion, Link, useViewportAbove } from '@lab/ui';
import { menuOfType, type ShownMenuItem } from '../menu';
import styles from './Footer.module.css';

export const HOTLINE = '0 800 102021';
const CONTACT_EMAIL = 'info@lab-online.com.ua';
const SOCIAL = [
  { key: 'facebook', href: 'https://www.facebook.com/' },
  { key: 'instagram', href: 'https://www.instagram.com/' },
] as const;

/** docs/product.md#footer: hotline, e-mail, hours, server menu columns (accordions), year, socials. */
export function Footer() {
  const { t } = useTranslation('shell');
  const { data: menus } = useMenus();
  const columns = menuOfType(menus, 'footer');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.contacts}>
          <p className={styles.hotline}>
            <span>{t('footer.hotline')}</span>
            <a href={`tel:${HOTLINE.replace(/\s/g, '')}`} className={styles.phone}>
              {HOTLINE}
            </a>
          </p>
          <p>
            {t('footer.email')}: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </p>
          <p>{t('footer.hours')}</p>
          <ul className={styles.social} aria-label={t('footer.social')}>
            {SOCIAL.map((network) => (
              <li key={network.key}>
                <Link to={network.href} className={styles.socialLink}>
                  {t(`footer.${network.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {columns.length > 0 && (
          <nav className={styles.columns} aria-label={t('footer.menu')}>
            <FooterColumns columns={columns} />
          </nav>
        )}
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

function ColumnLinks({ column }: { column: ShownMenuItem }) {
  return (
    <ul className={styles.links}>
      {(column.children.length ? column.children : [column]).map((item) => (
        <li key={item.key}>{item.href ? <Link to={item.href}>{item.title}</Link> : <span>{item.title}</span>}</li>
      ))}
    </ul>
  );
}

/** Menu columns side by side on wide screens, accordions below 1024 px (docs/product.md#footer). */
function FooterColumns({ columns }: { columns: ShownMenuItem[] }) {
  const wide = useViewportAbove(1024);
  if (wide) {
    return (
      <div className={styles.grid}>
        {columns.map((column) => (
          <section key={column.key} aria-labelledby={`${column.key}-title`}>
            <h2 id={`${column.key}-title`} className={styles.columnTitle}>
              {column.title}
            </h2>
            <ColumnLinks column={column} />
          </section>
        ))}
      </div>
    );
  }
  return (
    <Accordion
      className={styles.accordion}
      accordionMode
      headingLevel={2}
      items={columns.map((column) => ({
        id: column.key,
        title: column.title,
        content: <ColumnLinks column={column} />,
      }))}
    />
  );
}
