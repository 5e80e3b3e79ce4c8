import { api, keysOf, type Ward } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { Button, isoToDisplay } from '@lab/ui';
import type { Ref } from 'react';
import { useSWRConfig } from 'swr';
import { fullName } from '../../lib';
import styles from './Personal.module.css';
import { PhotoField } from './PhotoUpload';

type Props = {
  ward: Ward;
  /** Opens the ward's form; none while another form is open (one form at a time). */
  onEdit?: () => void;
  editRef?: Ref<HTMLButtonElement>;
};

/** One ward in the family list: photo (or the icon), name, birth date and gender, photo upload, edit. */
export function WardCard({ ward, onEdit, editRef }: Props) {
  const { t } = useTranslation('account');
  const { mutate } = useSWRConfig();
  const data = ward.userData;
  const name = fullName(data);
  // the version in the URL changes with each upload, so the new photo is not served from a cache
  const photo = data.photo ? api.patient.wardPhotoUrl(ward.id, data.version) : null;
  const send = async (file: File) => {
    await api.patient.uploadWardPhoto(ward.id, file);
    await mutate(keysOf('wards', 'patient-self'));
  };
  const about = [
    data.birthDay && t('wards.born', { date: isoToDisplay(data.birthDay) }),
    data.gender && t(`gender.${data.gender}`),
  ].filter(Boolean);

  return (
    <li className={styles.ward}>
      <PhotoField
        current={photo}
        size={56}
        send={send}
        name={name}
        actions={
          onEdit && (
            <Button ref={editRef} variant="secondary" onClick={onEdit} aria-label={t('wards.editFor', { name })}>
              {t('wards.edit')}
            </Button>
          )
        }
      >
        <span className={styles.wardName}>{name}</span>
        {about.length > 0 && <span className={styles.muted}>{about.join(' · ')}</span>}
      </PhotoField>
    </li>
  );
}
