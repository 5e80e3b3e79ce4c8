import { api, keysOf } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, cardStyles, cx, formatBytes } from '@lab/ui';
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { messageOf } from '../../lib';
import { Avatar } from '../profile';
import styles from './Personal.module.css';

/** The server's limits (packages/server UPLOAD_MAX_BYTES, formats by their first bytes). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What is wrong with a chosen file before it is sent, or null. */
export function photoProblem(file: Pick<File, 'size' | 'type'>): 'type' | 'size' | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

type FieldProps = {
  /** The versioned photo URL, or null for the icon. */
  current: string | null;
  size: number;
  /** Sends the file and refreshes whatever shows the photo; a rejection's message is shown. */
  send: (file: File) => Promise<unknown>;
  /** Whose photo, when several are on one page (wards): tells their controls and images apart. */
  name?: string;
  /** Above the file controls, beside the photo: a ward's name and details. */
  children?: ReactNode;
  /** After the choose button: a ward's edit button. */
  actions?: ReactNode;
};

/**
 * A photo and its replacement: the limits said before choosing, a preview of the chosen file, the
 * upload, and the server's own message when it refuses (it checks the bytes, not the name).
 */
export function PhotoField({ current, size, send, name, children, actions }: FieldProps) {
  const { t } = useTranslation('account');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const reset = () => {
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setDone(false);
    setError(null);
    if (!chosen) return reset();
    const problem = photoProblem(chosen);
    if (problem) {
      reset();
      setError(problem === 'type' ? t('photo.wrongType') : t('photo.tooLarge', { size: formatBytes(chosen.size) }));
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const upload = async () => {
    if (!file || busy) return;
    setBusy(true);
    setError(null);
    try {
      await send(file);
      reset();
      setDone(true);
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };

  // several wards' controls on one page: each control's name says whose photo it is
  const named = (key: 'photo.chooseFor' | 'photo.saveFor' | 'photo.cancelFor') => (name ? t(key, { name }) : undefined);
  const currentAlt = name ? t('photo.of', { name }) : t('photo.currentAlt');
  return (
    <div className={styles.photoRow}>
      {preview ? (
        <img
          src={preview}
          alt={name ? t('photo.previewOf', { name }) : t('photo.previewAlt')}
          width={size}
          height={size}
          className={styles.preview}
        />
      ) : (
        <Avatar photo={current} size={size} alt={current ? currentAlt : ''} />
      )}
      <div className={styles.photoControls}>
        {children}
        <div className={styles.buttons}>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className={styles.fileInput}
            aria-label={named('photo.chooseFor')}
            aria-describedby={`${hintId} ${errorId}`}
            aria-invalid={error ? true : undefined}
            onChange={choose}
          />
          {/* the native control's own words follow the browser's language: a label in ours instead */}
          <label htmlFor={inputId} className={styles.fileButton}>
            {t('photo.choose')}
          </label>
          {actions}
        </div>
        {file && <p className={styles.fileName}>{file.name}</p>}
        <p id={hintId} className={styles.hint}>
          {t('photo.limits')}
        </p>
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
        <p className={styles.success} role="status">
          {done ? t('photo.saved') : null}
        </p>
        {file && (
          <div className={styles.buttons}>
            <Button loading={busy} onClick={() => void upload()} aria-label={named('photo.saveFor')}>
              {t('photo.save')}
            </Button>
            <Button variant="ghost" onClick={reset} disabled={busy} aria-label={named('photo.cancelFor')}>
              {t('photo.cancel')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

/** The profile photo card of the patient or the doctor. */
export function PhotoUpload({ kind, current }: { kind: 'patient' | 'doctor'; current: string | null }) {
  const { t } = useTranslation('account');
  const { mutate } = useSWRConfig();
  const send = async (file: File) => {
    await (kind === 'doctor' ? api.doctor.uploadPhoto(file) : api.patient.uploadPhoto(file));
    // the profile's new version changes the photo URL everywhere (header, account)
    await mutate(keysOf(kind === 'doctor' ? 'doctor-self' : 'patient-self'));
  };
  return (
    <section className={cx(cardStyles.card, styles.card)} aria-labelledby="photo-title">
      <h2 id="photo-title" className={styles.cardTitle}>
        {t('photo.title')}
      </h2>
      <PhotoField current={current} size={96} send={send} />
    </section>
  );
}
