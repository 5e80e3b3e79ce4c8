import { useBusEvent } from '@lab/events';
import { useTranslation } from '@lab/i18n';
import { Modal } from '@lab/ui';
import { useRef, useState } from 'react';
import { PhoneStage } from './PhoneStage';

/** Login stages of spec section 4: 0 closed, 1 phone (2 SMS, 3 registration, 4 success follow). */
type Stage = 0 | 1;

export function SignInModals() {
  const { t } = useTranslation('auth');
  const [stage, setStage] = useState<Stage>(0);
  const firstField = useRef<HTMLInputElement>(null);
  useBusEvent('auth:open', () => setStage(1), { takePending: true });
  // closing any stage returns to 0; the stage components unmount, so their fields reset
  const close = () => setStage(0);
  return (
    <Modal open={stage === 1} onClose={close} title={t('title')} initialFocusRef={firstField}>
      <PhoneStage onSent={close} inputRef={firstField} />
    </Modal>
  );
}
