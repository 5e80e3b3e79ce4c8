import { useTranslation } from '@lab/i18n';
import { Accordion, Link, Sidebar } from '@lab/ui';
import { type ReactNode, useState } from 'react';
import styles from './Menu.module.css';
import type { ShownMenuItem } from './menuItems';

/** (Remounted by the header on navigation, which closes it.) The burger button and its slide-in sidebar with the accordion mobile menu (docs/product.md#header). */
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
          {segments(items).map((segment) =>
            segment.kind === 'sections' ? (
              <Accordion
                key={segment.items[0]?.key}
                accordionMode
                items={segment.items.map((item) => ({
                  id: item.key,
                  title: item.title,
                  content: <SubItems item={item} />,
                }))}
              />
            ) : (
              // an item without children is one tap to its page, not a section holding a second link (the
              // header remounts this menu on navigation, which closes it and lets focus go to the page)
              <div key={segment.item.key} className={styles.mobileTop}>
                {segment.item.href ? (
                  <Link to={segment.item.href} className={styles.mobileTopLink}>
                    {segment.item.title}
                  </Link>
                ) : (
                  <span className={styles.mobileTopLink}>{segment.item.title}</span>
                )}
              </div>
            ),
          )}
        </nav>
        {footer && <div className={styles.mobileFooter}>{footer}</div>}
      </Sidebar>
    </>
  );
}

type Segment = { kind: 'sections'; items: ShownMenuItem[] } | { kind: 'link'; item: ShownMenuItem };

/** The menu in its order: runs of items with children become accordions, the others plain links. */
function segments(items: readonly ShownMenuItem[]): Segment[] {
  const result: Segment[] = [];
  for (const item of items) {
    const last = result.at(-1);
    if (!item.children.length) result.push({ kind: 'link', item });
    else if (last?.kind === 'sections') last.items.push(item);
    else result.push({ kind: 'sections', items: [item] });
  }
  return result;
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
