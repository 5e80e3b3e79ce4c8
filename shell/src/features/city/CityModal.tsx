import { useLocale, useTranslation } from '@lab/i18n';
import { Modal } from '@lab/ui';
import { type RefObject, useId, useMemo, useRef, useState } from 'react';
import styles from './City.module.css';
import { useCity } from './CityContext';
import { filterSettlements } from './filter';

/** The city picker: search by name, alphabetical list, an empty-result message (docs/product.md#validation). */
export function CityModal() {
  const { t } = useTranslation('shell');
  const { settlements, city, modalOpen, closeModal, choose } = useCity();
  // the search field takes the focus on open (not the close button): typing a name is what comes next
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    // anchored to the top: the list shrinks as the visitor types and the phone's keyboard takes the
    // screen's bottom; a sheet from the bottom (or a centred dialog) would move the field with them
    <Modal
      open={modalOpen}
      onClose={closeModal}
      title={t('city.modalTitle')}
      initialFocusRef={searchRef}
      position="top"
    >
      {/* mounted only while open, so the search text starts empty every time */}
      {modalOpen && (
        <CityList settlements={settlements} currentId={city?.id ?? null} onChoose={choose} searchRef={searchRef} />
      )}
    </Modal>
  );
}

type ListProps = {
  settlements: ReturnType<typeof useCity>['settlements'];
  currentId: number | null;
  onChoose: (id: number) => void;
  searchRef: RefObject<HTMLInputElement | null>;
};

function CityList({ settlements, currentId, onChoose, searchRef }: ListProps) {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const inputId = useId();
  const visible = useMemo(
    () => filterSettlements(settlements, query, locale === 'ua' ? 'uk' : 'ru'),
    [settlements, query, locale],
  );
  return (
    <div className={styles.picker}>
      <label htmlFor={inputId} className={styles.searchLabel}>
        {t('city.search')}
      </label>
      <input
        ref={searchRef}
        id={inputId}
        type="search"
        className={styles.search}
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      {visible.length === 0 ? (
        <p className={styles.empty} role="status">
          {t('city.notFound')}
        </p>
      ) : (
        <ul className={styles.list}>
          {visible.map((settlement) => (
            <li key={settlement.id}>
              <button
                type="button"
                className={settlement.id === currentId ? styles.optionCurrent : styles.option}
                aria-current={settlement.id === currentId ? 'true' : undefined}
                onClick={() => onChoose(settlement.id)}
              >
                {settlement.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
