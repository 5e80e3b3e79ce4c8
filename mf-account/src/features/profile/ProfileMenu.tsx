import { requestSignIn, useDoctorWorkplaces, useSession } from '@lab/api';
import type { Role } from '@lab/events';
import { localizePath, useLocale, useTranslation } from '@lab/i18n';
import { Link as RouterLink, useLocation } from '@lab/router';
import { Button, Link, Skeleton } from '@lab/ui';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Busy, messageOf } from '../../lib';
import { type ReadyAccount, useAccount, useLogout, useWorkplaceSelect } from '../account';
import { Avatar } from './Avatar';
import styles from './Profile.module.css';
import { ProfileSummary } from './ProfileSummary';
import { useSwitchRole } from './useSwitchRole';

/** Header slot: the sign-in button for guests, the profile dropdown for signed-in users. */
export function ProfileMenu() {
  const { t } = useTranslation('account');
  const { signedIn } = useSession();
  const account = useAccount();
  if (account.status === 'ready') return <ProfileDropdown account={account} />;
  if (account.status === 'loading') {
    return (
      <Busy className={styles.menuPlaceholder}>
        <Skeleton width={40} height={40} radius={20} />
      </Busy>
    );
  }
  // signed in, but the profiles did not load: the account page shows why and offers a retry
  if (signedIn) {
    return (
      <Link to="/account" className={styles.accountLink}>
        {t('myAccount')}
      </Link>
    );
  }
  // a guest (or a session we could not read) gets the sign-in entry
  return (
    <Button
      variant="secondary"
      className={styles.signIn}
      aria-label={t('signInLabel')}
      onClick={() => requestSignIn(false)}
    >
      <svg
        className={styles.personIcon}
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className={styles.signInText}>{t('signIn')}</span>
    </Button>
  );
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]';

/**
 * The profile dropdown of docs/product.md#panels-and-dialogs as a WAI-ARIA menu button: Enter, Space or arrows open it
 * and focus an item; arrows, Home and End move; Escape closes and returns to the button; Tab, a
 * click outside and a navigation close it. The profile card above the items describes the menu.
 */
function ProfileDropdown({ account }: { account: ReadyAccount }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const cardId = useId();
  const isDoctor = account.role === 'doctor';
  const workplaces = useDoctorWorkplaces(account.hasDoctor && isDoctor);
  const selectWorkplace = useWorkplaceSelect(account.hasDoctor);
  const switchRole = useSwitchRole();
  const logout = useLogout();

  const items = useCallback(() => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []), []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setError(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openMenu = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setOpen(true);
  };

  // focus the first (or last) item once the menu is rendered
  useEffect(() => {
    if (!open || !pendingFocus.current) return;
    const list = items();
    (pendingFocus.current === 'first' ? list[0] : list.at(-1))?.focus();
    pendingFocus.current = null;
  }, [open, items]);

  // a click or tap outside closes the menu, leaving focus where the user put it
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  // a navigation (a menu link, back/forward) closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
      default:
        return undefined;
    }
  };

  const run = async (key: string, action: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(key);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(null);
    }
  };

  const chooseRole = (role: Role) => {
    if (role === account.role) return;
    void run(`role-${role}`, () => switchRole(role));
  };

  const listPath = isDoctor ? '/account/patients' : '/account/orders';
  const currentWorkplaceId = account.workplace?.id ?? null;
  const workplaceList = isDoctor ? (workplaces.data ?? []) : [];

  return (
    <div ref={rootRef} className={styles.menuRoot} data-testid="profile-menu">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar photo={account.person.photo} size={32} />
        <span className={styles.triggerText}>{t('myAccount')}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className={styles.popup}>
          <ProfileSummary person={account.person} id={cardId} />
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            aria-describedby={cardId}
            className={styles.menu}
            onKeyDown={onMenuKeyDown}
          >
            {account.canSwitch && (
              <fieldset aria-label={t('role.label')} className={styles.menuGroup}>
                <div className={styles.groupLabel} aria-hidden="true">
                  {t('role.label')}
                </div>
                <div className={styles.segmented}>
                  {(['doctor', 'patient'] as const).map((role) => (
                    <button
                      key={role}
                      type="button"
                      role="menuitemradio"
                      tabIndex={-1}
                      aria-checked={account.role === role}
                      aria-busy={busy === `role-${role}` || undefined}
                      className={styles.segment}
                      onClick={() => chooseRole(role)}
                    >
                      {t(`role.${role}`)}
                    </button>
                  ))}
                </div>
              </fieldset>
            )}
            {isDoctor && workplaceList.length > 0 && (
              <fieldset aria-label={t('workplace.label')} className={styles.menuGroup}>
                <div className={styles.groupLabel} aria-hidden="true">
                  {t('workplace.label')}
                </div>
                {workplaceList.map((workplace) => (
                  <button
                    key={workplace.id}
                    type="button"
                    role="menuitemradio"
                    tabIndex={-1}
                    aria-checked={workplace.id === currentWorkplaceId}
                    aria-busy={busy === `workplace-${workplace.id}` || undefined}
                    className={styles.radioItem}
                    onClick={() => {
                      if (workplace.id !== currentWorkplaceId) {
                        void run(`workplace-${workplace.id}`, () => selectWorkplace(workplace.id));
                      }
                    }}
                  >
                    <span className={styles.radioMark} aria-hidden="true" />
                    <span className={styles.radioText}>
                      {workplace.title}
                      <span className={styles.itemHint}>{t('profile.doctorCode', { code: workplace.code })}</span>
                    </span>
                  </button>
                ))}
              </fieldset>
            )}
            <RouterLink role="menuitem" tabIndex={-1} className={styles.item} to={localizePath(listPath, locale)}>
              {isDoctor ? t('menu.referrals') : t('menu.orders')}
            </RouterLink>
            <RouterLink
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              to={localizePath('/account/personal-information', locale)}
            >
              {t('menu.personal')}
            </RouterLink>
            <hr className={styles.separator} />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              aria-busy={busy === 'logout' || undefined}
              onClick={() => void run('logout', logout)}
            >
              {busy === 'logout' ? t('menu.loggingOut') : t('menu.logout')}
            </button>
          </div>
          <p className={styles.menuError} role="alert">
            {error}
          </p>
        </div>
      )}
    </div>
  );
}
