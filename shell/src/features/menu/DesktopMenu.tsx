import { useTranslation } from '@lab/i18n';
import { Link } from '@lab/ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import styles from './Menu.module.css';
import type { ShownMenuItem } from './menuItems';

/** The desktop main menu (the header remounts it on navigation, which closes any dropdown): top items with dropdown children (disclosure pattern, keyboard and pointer). */
export function DesktopMenu({ items }: { items: ShownMenuItem[] }) {
  const { t } = useTranslation('shell');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (openIndex === null) return;
    const closeOutside = (event: MouseEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenIndex(null);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [openIndex]);

  if (!items.length) return null;
  return (
    <nav ref={navRef} className={styles.desktop} aria-label={t('nav.main')}>
      <ul className={styles.topList}>
        {items.map((item, index) => (
          <li
            key={item.key}
            className={styles.topItem}
            onMouseEnter={() => item.children.length && setOpenIndex(index)}
            onMouseLeave={() => setOpenIndex(null)}
          >
            {item.children.length ? (
              <Dropdown item={item} open={openIndex === index} onToggle={(open) => setOpenIndex(open ? index : null)} />
            ) : item.href ? (
              <Link to={item.href} className={styles.topLink}>
                {item.title}
              </Link>
            ) : (
              <span className={styles.topLink}>{item.title}</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Dropdown({ item, open, onToggle }: { item: ShownMenuItem; open: boolean; onToggle: (open: boolean) => void }) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      onToggle(false);
      buttonRef.current?.focus();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the open panel closes it (disclosure pattern)
    <div onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.topLink}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onToggle(!open)}
      >
        {item.title}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <ul id={panelId} className={styles.dropdown} hidden={!open}>
        {item.href && (
          <li>
            <Link to={item.href} className={styles.dropdownLink}>
              {item.title}
            </Link>
          </li>
        )}
        {item.children.map((child) => (
          <li key={child.key}>
            {child.href ? (
              <Link to={child.href} className={styles.dropdownLink}>
                {child.title}
              </Link>
            ) : (
              <span className={styles.dropdownLink}>{child.title}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
