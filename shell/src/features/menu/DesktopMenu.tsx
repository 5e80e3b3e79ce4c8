import { useTranslation } from '@lab/i18n';
import { Link } from '@lab/ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import styles from './Menu.module.css';
import type { ShownMenuItem } from './menuItems';

/** Which dropdown is open, and whether a click (or a key) opened it, so that the pointer leaving keeps it. */
type Open = { index: number; pinned: boolean } | null;

/**
 * The desktop main menu (the header remounts it on navigation, which closes any dropdown): top items
 * with dropdown children (disclosure pattern, keyboard and pointer). Hover, click and keyboard agree:
 * hovering opens a dropdown for as long as the pointer stays; a click on it then keeps it open (the
 * click a person makes once the pointer rests on the item); a second click, Escape or a click outside
 * closes it.
 */
export function DesktopMenu({ items }: { items: ShownMenuItem[] }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState<Open>(null);
  const openIndex = open?.index ?? null;
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (openIndex === null) return;
    const closeOutside = (event: MouseEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(null);
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
            onMouseEnter={() => {
              if (item.children.length && !open?.pinned) setOpen({ index, pinned: false });
            }}
            onMouseLeave={() => setOpen((current) => (current?.pinned ? current : null))}
          >
            {item.children.length ? (
              <Dropdown
                item={item}
                open={openIndex === index}
                onToggle={() =>
                  // closed, or open by hover: the click keeps it open; open by a click: it closes
                  setOpen((current) => (current?.index === index && current.pinned ? null : { index, pinned: true }))
                }
                onClose={() => setOpen(null)}
              />
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

function Dropdown({
  item,
  open,
  onToggle,
  onClose,
}: {
  item: ShownMenuItem;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      onClose();
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
        onClick={onToggle}
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
