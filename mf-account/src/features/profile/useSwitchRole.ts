import type { Role } from '@lab/events';
import { stripLocale } from '@lab/i18n';
import { useLocation } from '@lab/router';
import { useLocalizedNavigate } from '@lab/ui';
import { useCallback } from 'react';
import { useRoleSwitch } from '../account';

/** Where each role's lists live; a switch made on the other role's list goes to this role's. */
export const ROLE_HOME: Readonly<Record<Role, string>> = { doctor: '/account/patients', patient: '/account/orders' };

/** The role switch, then the new role's list when the page shown belonged to the old one. */
export function useSwitchRole(): (role: Role) => Promise<void> {
  const switchRole = useRoleSwitch();
  const navigate = useLocalizedNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async (role: Role) => {
      await switchRole(role);
      const path = stripLocale(pathname);
      if (/^\/account\/(orders|patients|results)(\/|$)/.test(path)) navigate(ROLE_HOME[role]);
    },
    [switchRole, navigate, pathname],
  );
}
