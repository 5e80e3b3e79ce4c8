import { useTranslation } from '@lab/i18n';
import { Modal } from '@lab/ui';
import { useRef, useState } from 'react';
import styles from './SearchLauncher.module.css';
import { SearchPanel } from './SearchPanel';

/** The header's search button and the search modal it opens at the top of the page. */
export function SearchLauncher() {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-label={t('search.open')}
        aria-haspopup="dialog"
        // a tap on the first view's search button, kept, is made again here (shell: features/taps)
        data-tap="search"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4.2-4.2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('search.dialogTitle')}
        hideTitle
        position="top"
        initialFocusRef={inputRef}
        className={styles.dialog}
      >
        <SearchPanel inputRef={inputRef} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}
