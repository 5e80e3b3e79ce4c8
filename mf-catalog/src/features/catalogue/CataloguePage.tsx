import { type ServiceGroupNode, type ServiceTreeName, useServiceGroupTree } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { cardStyles, cx, ErrorState, Link, SkeletonGrid } from '@lab/ui';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import styles from './Catalogue.module.css';

const TABS: readonly { tree: ServiceTreeName; hash: string }[] = [
  { tree: 'services', hash: '#analyses' },
  { tree: 'packageServices', hash: '#packages' },
];

export const categoryUrl = (slug: string) => `/analyzes/${slug}`;

/** Route /analyzes: the analyses and packages trees (docs/product.md#entities), one tab each, groups as panels. */
export function CataloguePage() {
  const { t } = useTranslation('catalog');
  const { hash } = useLocation();
  const { data, error, isLoading, mutate } = useServiceGroupTree();
  const [active, setActive] = useState<ServiceTreeName>(hash === '#packages' ? 'packageServices' : 'services');
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.tree === active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.tree);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className={styles.page} aria-labelledby={`${baseId}-title`}>
      <h1 id={`${baseId}-title`} className={styles.heading}>
        {t('catalogue.title')}
      </h1>
      <p className={styles.lead}>{t('catalogue.lead')}</p>
      <div role="tablist" aria-label={t('catalogue.tabsLabel')} className={styles.tabs} onKeyDown={onKeyDown}>
        {TABS.map((tab, index) => (
          <button
            key={tab.tree}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.tree}`}
            aria-selected={active === tab.tree}
            aria-controls={`${baseId}-panel-${tab.tree}`}
            tabIndex={active === tab.tree ? 0 : -1}
            className={styles.tab}
            onClick={() => setActive(tab.tree)}
          >
            {t(`catalogue.tab.${tab.tree}`)}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.tree}
          role="tabpanel"
          id={`${baseId}-panel-${tab.tree}`}
          aria-labelledby={`${baseId}-tab-${tab.tree}`}
          hidden={active !== tab.tree}
          className={styles.panel}
          aria-busy={isLoading || undefined}
        >
          {isLoading ? (
            <SkeletonGrid count={6} height={180} minWidth="16rem" />
          ) : error ? (
            <ErrorState
              title={t('catalogue.error')}
              description={error.message}
              requestId={error.requestId}
              onRetry={() => void mutate()}
            />
          ) : data && data[tab.tree].length > 0 ? (
            <GroupPanels groups={data[tab.tree]} />
          ) : (
            <p className={styles.empty}>{t('catalogue.empty')}</p>
          )}
        </div>
      ))}
    </section>
  );
}

/** How many subgroups a panel lists before "all of the group". */
const PANEL_CHILDREN = 6;

function GroupPanels({ groups }: { groups: readonly ServiceGroupNode[] }) {
  const { t } = useTranslation('catalog');
  return (
    <ul className={cardStyles.list}>
      {groups.map((group) => (
        <li key={group.key} className={cx(cardStyles.card, styles.group)}>
          <h2 className={styles.groupTitle}>
            <Link to={categoryUrl(group.slug)}>{group.title}</Link>
          </h2>
          {group.childNodes.length > 0 && (
            <ul className={styles.children}>
              {group.childNodes.slice(0, PANEL_CHILDREN).map((child) => (
                <li key={child.key}>
                  <Link to={categoryUrl(child.slug)}>{child.title}</Link>
                </li>
              ))}
            </ul>
          )}
          {group.childNodes.length > PANEL_CHILDREN && (
            <Link to={categoryUrl(group.slug)} className={styles.more}>
              {t('catalogue.allOfGroup', { n: group.childNodes.length })}
              <span className="visually-hidden">: {group.title}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
