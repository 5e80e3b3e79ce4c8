// Which apps the console lists, in which order, and the moves each offers.
import type { CanaryReport, Deployment, Whoami } from '../../lib/api';
import type { Translate } from '../../lib/i18n';
import { type MoveRequest, mayMove } from '../../lib/moves';

/**
 * The apps the console lists: every app of the site (a remote served from its build has no release yet),
 * those the token may move first (on a phone the team's own app is not below the others), then the shell.
 */
export function appsOf(deployment: Deployment, who: Whoami): string[] {
  const own = who.apps.filter((app) => app !== '*');
  const rank = (app: string) => (mayMove(who, app) ? 0 : 2) + (app === 'shell' ? 0 : 1);
  return [...new Set(['shell', ...deployment.apps, ...Object.keys(deployment.remotes), ...own])].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
}

/**
 * The app shown below the list: the one chosen, else the first canary the token may move, else any canary,
 * else the first app the token may move.
 */
export function selectedApp(chosen: string | undefined, deployment: Deployment, who: Whoami): string {
  const apps = appsOf(deployment, who);
  if (chosen && apps.includes(chosen)) return chosen;
  const canaries = apps.filter((app) => deployment.remotes[app]?.canary);
  const own = apps.filter((app) => app !== 'shell' && mayMove(who, app));
  return (
    canaries.find((app) => mayMove(who, app)) ?? canaries[0] ?? own[0] ?? apps.find((app) => app !== 'shell') ?? 'shell'
  );
}

/** The moves offered for one app, each with what its confirmation says. */
export function movesOf(
  t: Translate,
  app: string,
  deployment: Deployment,
  report: CanaryReport | undefined,
): MoveRequest[] {
  const live = app === 'shell' ? deployment.shell : deployment.remotes[app];
  if (!live) return [];
  const canary = app === 'shell' ? undefined : deployment.remotes[app]?.canary;
  if (canary) {
    const steps = report?.rules.steps ?? [];
    const next = steps.find((step) => step > canary.percent && step < 100);
    const names = { app, version: canary.version, from: live.version };
    return [
      ...(next
        ? [
            {
              app,
              move: 'widen' as const,
              body: { share: next },
              text: t('actions.confirmWiden', { ...names, percent: next, from: canary.percent }),
              danger: false,
            },
          ]
        : []),
      {
        app,
        move: 'promote',
        body: { version: canary.version },
        text: t('actions.confirmPromote', names),
        danger: false,
      },
      { app, move: 'rollback', body: {}, text: t('actions.confirmRollbackCanary', names), danger: true },
    ];
  }
  if (!live.previous?.length) return [];
  return [
    { app, move: 'rollback', body: {}, text: t('actions.confirmRollback', { app, from: live.version }), danger: true },
  ];
}

export const verdictText = (t: Translate, report: CanaryReport): string =>
  t(`report.verdicts.${report.verdict ?? 'wait'}`, { next: report.next ?? '' });
