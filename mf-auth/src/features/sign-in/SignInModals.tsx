import { useBusEvent } from '@lab/events';
import { useTranslation } from '@lab/i18n';
import { Modal } from '@lab/ui';
import { useEffect, useReducer, useRef } from 'react';
import { RegistrationStage } from '../registration';
import { CodeStage } from './CodeStage';
import { CLOSED, flowReducer, type Stage } from './flow';
import { PhoneStage } from './PhoneStage';
import styles from './SignInModals.module.css';
import { SuccessStage } from './SuccessStage';

const TITLES: Record<Exclude<Stage, 0>, string> = {
  1: 'titles.phone',
  2: 'titles.code',
  3: 'titles.registration',
  4: 'titles.success',
};

/**
 * The sign-in modal of docs/product.md#sign-in: phone, SMS code, registration, success, in one dialog whose
 * content changes with the stage. Opens on the bus's `auth:open` (also one sent before this remote
 * loaded); closing any stage returns to 0 and forgets everything typed.
 */
export function SignInModals() {
  const { t } = useTranslation('auth');
  const [flow, dispatch] = useReducer(flowReducer, CLOSED);
  // one target for every stage's first field: the modal focuses it on open, the effect below on change
  const firstField = useRef<HTMLElement | null>(null);
  useBusEvent('auth:open', ({ fromCheckout }) => dispatch({ type: 'open', fromCheckout }), { takePending: true });
  const close = () => dispatch({ type: 'close' });

  const { stage } = flow;
  useEffect(() => {
    if (stage !== 0) firstField.current?.focus();
  }, [stage]);

  return (
    <Modal
      open={stage !== 0}
      onClose={close}
      title={stage === 0 ? '' : t(TITLES[stage])}
      initialFocusRef={firstField}
      className={styles.dialog}
    >
      {stage === 1 && (
        <PhoneStage
          focusRef={firstField}
          checkoutLogin={flow.checkoutLogin}
          onSent={(phone, sent) => dispatch({ type: 'phoneSent', phone, sent })}
        />
      )}
      {stage === 2 && flow.sent && (
        <CodeStage
          phone={flow.phone}
          sent={flow.sent}
          focusRef={firstField}
          onResent={(sent) => dispatch({ type: 'resent', sent })}
          onApproved={(registrationId) => dispatch({ type: 'approved', registrationId })}
          onSignedIn={close}
          onChangePhone={() => dispatch({ type: 'changePhone' })}
        />
      )}
      {stage === 3 && flow.registrationId && (
        <RegistrationStage
          phone={flow.phone}
          registrationId={flow.registrationId}
          focusRef={firstField}
          onRegistered={() => dispatch({ type: 'registered' })}
        />
      )}
      {stage === 4 && <SuccessStage fromCheckout={flow.fromCheckout} focusRef={firstField} onDone={close} />}
    </Modal>
  );
}
