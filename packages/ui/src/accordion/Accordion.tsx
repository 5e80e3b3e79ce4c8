import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from '../cx';
import { useViewportAbove } from '../media/useViewportAbove';
import styles from './Accordion.module.css';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Opening one item closes the others (docs/product.md#controls). */
  accordionMode?: boolean;
  /** Above this viewport width (px) every item is open and cannot be collapsed, e.g. 1024. */
  alwaysOpenAbove?: number;
  /** Open at first; in accordion mode only the first of them. */
  defaultOpenIds?: readonly string[];
  /** Level of the headings that wrap the header buttons (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Told when the user opens or closes an item. */
  onToggle?: (id: string, open: boolean) => void;
  className?: string;
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/** WAI-ARIA accordion: heading buttons with aria-expanded/controls, arrow keys move between them. */
export function Accordion({
  items,
  accordionMode = false,
  alwaysOpenAbove,
  defaultOpenIds = [],
  headingLevel = 3,
  onToggle,
  className,
}: AccordionProps) {
  const baseId = useId();
  const alwaysOpen = useViewportAbove(alwaysOpenAbove);
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(
    () => new Set(accordionMode ? defaultOpenIds.slice(0, 1) : defaultOpenIds),
  );
  const headerRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) => {
    if (alwaysOpen) return;
    const opening = !openIds.has(id);
    setOpenIds((previous) => {
      const next = new Set(accordionMode ? [] : previous);
      if (previous.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    onToggle?.(id, opening);
  };

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (!NAVIGATION_KEYS.has(event.key)) return;
    event.preventDefault();
    const count = items.length;
    const target =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? count - 1
          : (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
    headerRefs.current[target]?.focus();
  };

  return (
    <div className={cx(styles.accordion, className)}>
      {items.map((item, index) => {
        const expanded = alwaysOpen || openIds.has(item.id);
        const headerId = `${baseId}-header-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.id} className={styles.item}>
            <Heading className={styles.heading}>
              <button
                ref={(element) => {
                  headerRefs.current[index] = element;
                }}
                type="button"
                id={headerId}
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                // APG: a panel that cannot be collapsed marks its header disabled, yet focusable.
                aria-disabled={alwaysOpen || undefined}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <span className={styles.title}>{item.title}</span>
                <svg className={styles.chevron} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </Heading>
            {/* A section named by its header is a region landmark, as the pattern asks. */}
            <section id={panelId} aria-labelledby={headerId} className={styles.panel} hidden={!expanded}>
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
