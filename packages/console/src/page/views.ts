// The console's sections, drawn from the API's answers: the apps with their live release and canary, the
// judge's report on one app, and the history of the moves.
import type { CanaryReport, Deployment, Figures, HistoryEntry, Measure, Move, Release, Whoami } from './api.js';
import { code, h } from './dom.js';
import { formatDateTime, formatNumber, formatTime, has, t } from './i18n.js';

export type MoveRequest = {
  readonly app: string;
  readonly move: Move;
  readonly body: Readonly<Record<string, string | number>>;
  readonly text: string;
  readonly danger: boolean;
};

export const mayMove = (who: Whoami, app: string): boolean => who.apps.includes(app) || who.apps.includes('*');

export function whoText(who: Whoami): string {
  const scope = who.apps.includes('*')
    ? t('signIn.mayMoveAll')
    : who.apps.length
      ? t('signIn.mayMove', { apps: who.apps.join(', ') })
      : t('signIn.mayMoveNone');
  return `${t('signIn.who', { who: `${who.team}/${who.name}` })} ${scope}`;
}

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

/** The moves offered for one app, each with what its confirmation says. */
function movesOf(app: string, deployment: Deployment, report: CanaryReport | undefined): MoveRequest[] {
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

export const moveLabel = (move: MoveRequest): string =>
  move.move === 'widen' || move.move === 'canary'
    ? t(`actions.${move.move}`, { percent: Number(move.body.share) })
    : t(`actions.${move.move}`);

/**
 * Another release of an app the token may move, to every visitor or to a judged canary's first share
 * (`steps[0]`; the shell has no canary). Null when the app has no release but the live ones.
 */
export function releaseForm(
  app: string,
  releases: readonly Release[],
  deployment: Deployment,
  firstShare: number,
  onMove: (move: MoveRequest) => void,
): HTMLElement {
  const live = app === 'shell' ? deployment.shell : deployment.remotes[app];
  const canary = app === 'shell' ? undefined : deployment.remotes[app]?.canary;
  const others = releases.filter((release) => release.version !== live?.version && release.version !== canary?.version);
  const heading = h('h2', { id: 'release-heading' }, t('release.heading', { app }));
  if (!others.length) return h('div', {}, heading, h('p', {}, t('release.none', { app })));
  const select = h('select', { id: 'release-version', 'data-focus-key': `release:${app}` });
  for (const release of others) {
    const made = [release.commit?.slice(0, 7), formatDateTime(release.builtAt)].filter(Boolean).join(', ');
    select.append(h('option', { value: release.version }, `${release.version} (${made})`));
  }
  const audiences = app === 'shell' || canary ? ['everyone'] : ['canary', 'everyone'];
  const radios = audiences.map((audience, index) =>
    h(
      'label',
      { class: 'choice' },
      h('input', { type: 'radio', name: 'audience', value: audience, checked: index === 0 }),
      t(`release.${audience}`, { percent: firstShare }),
    ),
  );
  const form = h(
    'form',
    { class: 'release-form' },
    h('label', { for: 'release-version' }, t('release.version')),
    select,
    h('fieldset', {}, h('legend', {}, t('release.audience')), ...radios),
    canary ? h('p', { class: 'muted small' }, t('release.canaryRunning')) : null,
    h(
      'button',
      { type: 'submit', class: 'button button-primary', 'data-focus-key': `release-submit:${app}` },
      t('release.submit'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const version = select.value;
    const toCanary = new FormData(form).get('audience') === 'canary';
    const names = { app, version, from: live?.version ?? t('apps.build'), percent: firstShare };
    onMove(
      toCanary
        ? {
            app,
            move: 'canary',
            body: { version, share: firstShare },
            text: t('actions.confirmCanary', names),
            danger: false,
          }
        : { app, move: 'promote', body: { version }, text: t('actions.confirmPromote', names), danger: false },
    );
  });
  return h('div', {}, heading, form);
}

export function appCard(
  app: string,
  deployment: Deployment,
  who: Whoami,
  report: CanaryReport | undefined,
  selected: boolean,
  onSelect: (app: string) => void,
  onMove: (move: MoveRequest) => void,
): HTMLElement {
  const live = app === 'shell' ? deployment.shell : deployment.remotes[app];
  const canary = app === 'shell' ? undefined : deployment.remotes[app]?.canary;
  const headingId = `app-${app}`;
  const moves = mayMove(who, app) ? movesOf(app, deployment, report) : [];
  const select = h(
    'button',
    {
      type: 'button',
      class: 'button button-secondary button-small',
      'aria-pressed': selected ? 'true' : 'false',
      'data-focus-key': `select:${app}`,
    },
    t('apps.details', { app }),
  );
  select.addEventListener('click', () => onSelect(app));
  const actions = moves.map((move) => {
    const button = h(
      'button',
      {
        type: 'button',
        class: `button ${move.danger ? 'button-danger' : 'button-primary'} button-small`,
        'data-focus-key': `${move.move}:${app}`,
      },
      moveLabel(move),
    );
    button.addEventListener('click', () => onMove(move));
    return button;
  });
  return h(
    'li',
    { class: `app-card${selected ? ' app-card-selected' : ''}`, 'aria-labelledby': headingId },
    h('h3', { id: headingId, tabindex: -1, 'data-focus-key': `app:${app}` }, app),
    h(
      'dl',
      {},
      h('dt', {}, t('apps.live')),
      h('dd', {}, live ? code(live.version) : t('apps.build')),
      h('dt', {}, t('apps.canary')),
      h(
        'dd',
        {},
        canary
          ? h(
              'span',
              {},
              code(canary.version),
              ` · ${t('apps.share', { percent: canary.percent })} · ${t(canary.judged ? 'apps.judged' : 'apps.notJudged')}`,
              h('meter', {
                min: 0,
                max: 100,
                value: canary.percent,
                'aria-label': t('apps.share', { percent: canary.percent }),
              }),
            )
          : t('apps.noCanary'),
      ),
    ),
    report?.verdict ? h('p', { class: `verdict verdict-${report.verdict}` }, verdictText(report)) : null,
    h(
      'div',
      { class: 'card-actions' },
      select,
      ...actions,
      !mayMove(who, app) ? h('p', { class: 'muted small' }, t('apps.readOnly')) : null,
    ),
  );
}

const verdictText = (report: CanaryReport) =>
  t(`report.verdicts.${report.verdict ?? 'wait'}`, { next: report.next ?? '' });

const ms = (value: number | null, count: number) =>
  value === null ? t('report.none_value') : t('report.samples', { value: formatNumber(value), count });
const rate = (count: number, total: number) =>
  total === 0
    ? t('report.none_value')
    : `${formatNumber((count / total) * 100, 1)} % (${t('report.of', { count, total })})`;

function measureCell(measure: Measure, figures: Figures): string {
  switch (measure.key) {
    case 'slotFailures':
      return rate(figures.failedViews, figures.pageViews);
    case 'lcp':
      return ms(figures.lcpP75, figures.lcpSamples);
    case 'inp':
      return ms(figures.inpP75, figures.inpSamples);
    case 'apiErrors':
      return rate(figures.apiErrors, figures.apiCalls);
  }
}

const stateOf = (measure: Measure) => (!measure.judged ? 'tooFew' : measure.worse ? 'worse' : 'noWorse');

export function reportView(report: CanaryReport): HTMLElement[] {
  const heading = h('h2', { id: 'report-heading' }, t('report.heading', { app: report.app }));
  const updated = h('p', { class: 'muted small' }, t('report.updated', { time: formatTime(report.generatedAt) }));
  if (!report.canary || !report.figures || !report.measures) {
    return [heading, h('p', {}, t('report.none', { app: report.app })), updated];
  }
  const { figures } = report;
  const rows = report.measures.map((measure) =>
    h(
      'tr',
      {},
      h(
        'th',
        { scope: 'row' },
        t(`report.measures.${measure.key}`),
        measure.required ? h('span', { class: 'muted small' }, ` · ${t('report.required')}`) : null,
      ),
      h('td', {}, measureCell(measure, figures.canary)),
      h('td', {}, measureCell(measure, figures.stable)),
      h('td', { class: `state state-${stateOf(measure)}` }, t(`report.states.${stateOf(measure)}`)),
    ),
  );
  return [
    heading,
    h(
      'p',
      {},
      t('report.since', {
        canary: report.canary.version,
        stable: report.live?.version ?? t('apps.build'),
        since: formatDateTime(report.canary.since),
      }),
    ),
    h('p', { class: `verdict verdict-${report.verdict}` }, `${t('report.verdict')}: ${verdictText(report)}`),
    h(
      'div',
      { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': t('report.table') },
      h(
        'table',
        {},
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['report.measure', 'report.canaryColumn', 'report.stableColumn', 'report.state'].map((key) =>
              h('th', { scope: 'col' }, t(key)),
            ),
          ),
        ),
        h('tbody', {}, ...rows),
      ),
    ),
    h(
      'details',
      { 'data-key': 'judge-says' },
      h('summary', {}, t('report.judgeSays')),
      h('p', { lang: 'en', class: 'small' }, report.reason ?? ''),
    ),
    updated,
  ];
}

const release = (version: string | null | undefined) => (version ? code(version) : t('history.build'));

export function historyView(entries: readonly HistoryEntry[]): HTMLElement {
  if (!entries.length) return h('p', {}, t('history.empty'));
  const rows = entries.map((entry) => {
    const to = entry.to !== undefined ? entry.to : entry.version;
    const share = entry.share ?? entry.percent;
    const action = has(`history.actions.${entry.action}`) ? t(`history.actions.${entry.action}`) : entry.action;
    return h(
      'tr',
      {},
      h('td', {}, formatDateTime(entry.at)),
      h('td', {}, entry.by),
      h('td', {}, entry.app),
      h('td', {}, action, share !== undefined ? ` ${t('history.share', { percent: share })}` : ''),
      h('td', {}, release(entry.from), ' → ', release(to)),
      h('td', { class: 'why' }, entry.reason ?? ''),
    );
  });
  const head = ['history.when', 'history.who', 'history.app', 'history.action', 'history.change', 'history.why'];
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': t('history.table') },
    h(
      'table',
      { class: 'history' },
      h('thead', {}, h('tr', {}, ...head.map((key) => h('th', { scope: 'col' }, t(key))))),
      h('tbody', {}, ...rows),
    ),
  );
}
