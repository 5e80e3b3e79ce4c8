import { useTranslation } from '@lab/i18n';
import { Accordion, Link, Sidebar } from '@lab/ui';
import { type ReactNode, useState } from 'react';
import styles from './Menu.module.css';
import type { ShownMenuItem } from './menuItems';

/** (Remounted by the header on navigation, which closes it.) The burger button and its slide-in sidebar with the accordion mobile menu (spec section 2). */
export function MobileMenu({ items, footer }: { items: ShownMenuItem[]; footer?: ReactNode }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.burger}
        aria-label={t('nav.openMenu')}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className={styles.burgerLines} aria-hidden="true" />
      </button>
      <Sidebar open={open} onClose={() => setOpen(false)} position="left" overlay label={t('nav.main')}>
        <nav aria-label={t('nav.main')} className={styles.mobile}>
          <Accordion
            accordionMode
            items={items.map((item) => ({
              id: item.key,
              title: item.title,
              content: <SubItems item={item} />,
            }))}
          />
        </nav>
        {footer && <div className={styles.mobileFooter}>{footer}</div>}
      </Sidebar>
    </>
  );
}

function SubItems({ item }: { item: ShownMenuItem }) {
  const links = item.href ? [{ ...item, key: `${item.key}.self`, children: [] }, ...item.children] : item.children;
  return (
    <ul className={styles.mobileList}>
      {links.map((child) => (
        <li key={child.key}>
          {child.href ? (
            <Link to={child.href} className={styles.mobileLink}>
              {child.title}
            </Link>
          ) : (
            <span className={styles.mobileLink}>{child.title}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
