// The teams' console: sign in with a team token (kept in this tab's sessionStorage, sent as a Bearer
// header, checked by GET /v1/whoami), then every few seconds the deployment, each canary's report, the
// chosen app's vitals and the history; promote / widen / roll back after a confirmation, offered only for
// the apps the token may move.
import { type Api, ApiError, type CanaryReport, createApi, type Deployment, type Whoami } from './api.js';
import { drawVitals } from './chart.js';
import { confirmMove } from './dialog.js';
import { fill, h, redraw } from './dom.js';
import { has, LANGUAGES, type Language, language, storedLanguage, t, useLanguage } from './i18n.js';
import {
  appCard,
  appsOf,
  historyView,
  type MoveRequest,
  mayMove,
  moveLabel,
  releaseForm,
  reportView,
  whoText,
} from './views.js';

const TOKEN = 'consoleToken';
const REFRESH_MS = 5_000;
const VITALS_EVERY = 6; // refreshes: the chart every 30 s
const HOURS = 6;

type Session = {
  api: Api;
  who: Whoami;
  deployment?: Deployment;
  reports: Map<string, CanaryReport>;
  selected?: string;
  timer?: number;
  ticks: number;
  paused: boolean;
  /** what the chart and the release form were last drawn from: unchanged, they are not drawn again */
  drawn: Map<string, string>;
};

let session: Session | null = null;
let lastAlert = '';

const root = document.getElementById('console') as HTMLElement;
const status = h('p', { role: 'status', class: 'visually-hidden' });
const alert = h('div', { role: 'alert', class: 'alert' });

function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unknown', { message: String(error) });
  const key = `errors.${error.code}`;
  return has(key)
    ? t(key, { message: error.message, app: error.app ?? '' })
    : t('errors.unknown', { message: error.message });
}

function showError(error: unknown): void {
  const text = errorText(error);
  if (text === lastAlert) return;
  lastAlert = text;
  fill(alert, text ? h('p', {}, text) : null);
}

function clearError(): void {
  lastAlert = '';
  fill(alert);
}

function header(): HTMLElement {
  const select = h('select', { id: 'language' });
  for (const option of LANGUAGES) {
    select.append(h('option', { value: option, selected: option === language() }, t(`languages.${option}`)));
  }
  select.addEventListener('change', async () => {
    await useLanguage(select.value as Language);
    draw();
    if (session) void refresh(true);
  });
  const signOutButton = session
    ? h('button', { type: 'button', class: 'button button-secondary button-small' }, t('signIn.signOut'))
    : null;
  signOutButton?.addEventListener('click', () => signOut());
  return h(
    'header',
    { class: 'bar' },
    h(
      'div',
      { class: 'container bar-inner' },
      h('span', { class: 'brand' }, t('title')),
      h('span', { class: 'language' }, h('label', { for: 'language' }, t('language')), select),
      signOutButton,
    ),
  );
}

function signInForm(): HTMLElement {
  const input = h('input', {
    id: 'token',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
    'aria-describedby': 'token-hint',
  });
  const button = h('button', { type: 'submit', class: 'button button-primary' }, t('signIn.submit'));
  const form = h(
    'form',
    { class: 'sign-in', novalidate: true },
    h('p', {}, t('signIn.lead')),
    h('label', { for: 'token' }, t('signIn.token')),
    input,
    h('p', { id: 'token-hint', class: 'muted small' }, t('signIn.hint')),
    button,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const token = input.value.trim();
    if (!token) {
      showError(new ApiError(401, 'token-missing', ''));
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    button.disabled = true;
    status.textContent = t('signIn.checking');
    try {
      await signIn(token);
    } catch (error) {
      input.setAttribute('aria-invalid', 'true');
      showError(error);
      button.disabled = false;
      input.focus();
    }
  });
  return form;
}

async function signIn(token: string): Promise<void> {
  const api = createApi(token);
  const who = await api.whoami();
  sessionStorage.setItem(TOKEN, token);
  session = { api, who, reports: new Map(), ticks: 0, paused: false, drawn: new Map() };
  clearError();
  draw();
  await refresh(true);
  document.getElementById('who')?.focus();
}

function signOut(error?: unknown): void {
  if (session?.timer) window.clearTimeout(session.timer);
  session = null;
  sessionStorage.removeItem(TOKEN);
  draw();
  if (error) showError(error);
  document.getElementById('token')?.focus();
}

const sections = {
  apps: h('ul', { class: 'apps', 'aria-labelledby': 'apps-heading' }),
  report: h('div', {}),
  release: h('section', { class: 'panel', 'aria-labelledby': 'release-heading' }),
  chart: h('div', { class: 'charts' }),
  history: h('div', {}),
};

function draw(): void {
  const main = h('main', { id: 'main', tabindex: -1 }, h('h1', {}, t('title')), alert, status);
  if (!session) {
    main.append(signInForm());
  } else {
    main.append(
      h('p', { id: 'who', tabindex: -1 }, whoText(session.who)),
      h(
        'section',
        { 'aria-labelledby': 'apps-heading' },
        h('h2', { id: 'apps-heading' }, t('apps.heading')),
        sections.apps,
      ),
      h('section', { class: 'panel', 'aria-labelledby': 'report-heading' }, sections.report),
      sections.release,
      h(
        'section',
        { class: 'panel', 'aria-labelledby': 'chart-heading' },
        h('h2', { id: 'chart-heading' }, t('chart.heading', { hours: HOURS })),
        sections.chart,
      ),
      h(
        'section',
        { 'aria-labelledby': 'history-heading' },
        h('h2', { id: 'history-heading' }, t('history.heading')),
        sections.history,
      ),
    );
  }
  root.replaceChildren(h('a', { class: 'skip', href: '#main' }, t('skip')), header(), main);
}

/**
 * The app shown below the list: the one chosen, else the first canary the token may move, else any canary,
 * else the first app the token may move.
 */
function selectedApp(current: Session, deployment: Deployment): string {
  const apps = appsOf(deployment, current.who);
  if (current.selected && apps.includes(current.selected)) return current.selected;
  const canaries = apps.filter((app) => deployment.remotes[app]?.canary);
  const own = apps.filter((app) => app !== 'shell' && mayMove(current.who, app));
  return (
    canaries.find((app) => mayMove(current.who, app)) ??
    canaries[0] ??
    own[0] ??
    apps.find((app) => app !== 'shell') ??
    'shell'
  );
}

function drawApps(current: Session): void {
  const deployment = current.deployment;
  if (!deployment) return;
  const selected = selectedApp(current, deployment);
  redraw(
    sections.apps,
    ...appsOf(deployment, current.who).map((app) =>
      appCard(
        app,
        deployment,
        current.who,
        current.reports.get(app),
        app === selected,
        select,
        (move) => void runMove(move),
      ),
    ),
  );
  const report = current.reports.get(selected);
  if (report) redraw(sections.report, ...reportView(report));
}

function select(app: string): void {
  if (!session) return;
  session.selected = app;
  session.reports.delete(app);
  void refresh(true);
}

/** One refresh: the deployment and every canary's report; the chart every VITALS_EVERY times (or now). */
async function refresh(full = false): Promise<void> {
  const current = session;
  if (!current) return;
  if (current.timer) window.clearTimeout(current.timer);
  try {
    if (!current.paused) {
      const deployment = await current.api.deployment();
      current.deployment = deployment;
      const selected = selectedApp(current, deployment);
      const reported = appsOf(deployment, current.who).filter(
        (app) => app === selected || deployment.remotes[app]?.canary,
      );
      // the visitors' figures unreadable (the operations port down): the apps and their moves still show
      let problem: unknown = null;
      const reports = await Promise.all(
        reported.map((app) =>
          current.api.canaryReport(app).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 401) throw error;
            problem = error;
            return null;
          }),
        ),
      );
      current.reports = new Map(reports.flatMap((report) => (report ? [[report.app, report] as const] : [])));
      // a confirmation opened meanwhile: its opener stays in place (the focus goes back to it)
      if (!current.paused) drawApps(current);
      if (full || current.ticks % VITALS_EVERY === 0) await drawSlow(current, deployment, selected, full);
      current.ticks += 1;
      if (problem) showError(problem);
      else clearError();
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signOut(error);
    showError(error);
  }
  if (session === current) current.timer = window.setTimeout(() => void refresh(), REFRESH_MS);
}

/** Draws `what` from `data` unless it was drawn from the same data already (or `full`). */
function changed(current: Session, what: string, data: unknown, full: boolean): boolean {
  const signature = JSON.stringify(data);
  if (!full && current.drawn.get(what) === signature) return false;
  current.drawn.set(what, signature);
  return true;
}

/** The chart, the history and the release form: every VITALS_EVERY refreshes, after a move or a choice. */
async function drawSlow(current: Session, deployment: Deployment, selected: string, full: boolean): Promise<void> {
  const movable = mayMove(current.who, selected);
  const [vitals, history, releases] = await Promise.all([
    selected === 'shell'
      ? null
      : current.api.vitals(selected, HOURS).catch((error: unknown) => {
          if (error instanceof ApiError && error.code === 'ops-unavailable') return 'unavailable' as const;
          throw error;
        }),
    current.api.history(30),
    movable ? current.api.releases(selected) : null,
  ]);
  // the chart moves on a bucket at a time: its releases' points and its first bucket say what it shows
  const shown = vitals && vitals !== 'unavailable' ? [vitals.app, vitals.releases, vitals.from.slice(0, 15)] : vitals;
  if (changed(current, 'chart', shown, full)) {
    if (vitals === 'unavailable') fill(sections.chart, h('p', { class: 'muted' }, t('errors.ops-unavailable')));
    else if (vitals) drawVitals(sections.chart, vitals);
    else fill(sections.chart, h('p', { class: 'muted' }, t('chart.shell')));
  }
  redraw(sections.history, historyView(history));
  const firstShare = current.reports.get(selected)?.rules.steps[0] ?? 10;
  const live = selected === 'shell' ? deployment.shell : deployment.remotes[selected];
  if (changed(current, 'release', releases && [selected, releases, live, firstShare], full)) {
    // hidden for an app the token may not move (and its heading with it, which names the section)
    sections.release.hidden = !releases;
    if (releases)
      redraw(
        sections.release,
        releaseForm(selected, releases, deployment, firstShare, (move) => void runMove(move)),
      );
    else fill(sections.release);
  }
}

async function runMove(move: MoveRequest): Promise<void> {
  const current = session;
  if (!current) return;
  current.paused = true;
  const label = moveLabel(move);
  const confirmation = await confirmMove(
    t('actions.confirmTitle', { action: label, app: move.app }),
    label,
    move.text,
    move.danger,
  );
  current.paused = false;
  if (!confirmation) return;
  status.textContent = t('actions.working');
  try {
    const body = confirmation.reason ? { ...move.body, reason: confirmation.reason } : move.body;
    const result = await current.api.move(move.app, move.move, body);
    clearError();
    status.textContent = t('actions.done', {
      app: move.app,
      action: t(`history.actions.${move.move}`),
      deployment: result.deployment,
    });
  } catch (error) {
    status.textContent = '';
    showError(error);
  }
  await refresh(true);
}

async function start(): Promise<void> {
  await useLanguage(storedLanguage());
  const token = sessionStorage.getItem(TOKEN);
  draw();
  if (!token) return;
  try {
    await signIn(token);
  } catch (error) {
    signOut(error);
  }
}

void start();
