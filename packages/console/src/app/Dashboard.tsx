// Signed in: every few seconds the deployment and each canary's report, every VITALS_EVERY refreshes (and
// after a move or a choice) the chosen app's vitals, the history and the app's other releases; promote /
// widen / roll back after a confirmation, offered only for the apps the token may move.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { AppList, appsOf, selectedApp } from '../features/apps';
import { VitalsChart } from '../features/chart';
import { ConfirmDialog } from '../features/confirm';
import { HistoryView } from '../features/history';
import { ReleaseForm } from '../features/release';
import { ReportView } from '../features/report';
import {
  type Api,
  ApiError,
  type CanaryReport,
  type Deployment,
  type HistoryEntry,
  type Release,
  type Vitals,
  type Whoami,
} from '../lib/api';
import { useTexts } from '../lib/i18n';
import { type MoveRequest, mayMove, moveLabel } from '../lib/moves';

const REFRESH_MS = 5_000;
const VITALS_EVERY = 6; // refreshes: the chart every 30 s
const HOURS = 6;

export interface DashboardProps {
  api: Api;
  who: Whoami;
  /** the line that says who is signed in: focused once the first refresh is drawn */
  whoRef: RefObject<HTMLParagraphElement | null>;
  onSignOut: (error?: unknown) => void;
  onError: (error: unknown) => void;
  onStatus: (text: string) => void;
}

type Slow = {
  app: string;
  vitals: Vitals | 'unavailable' | null;
  history: readonly HistoryEntry[];
  releases: readonly Release[] | null;
};

export function Dashboard({ api, who, whoRef, onSignOut, onError, onStatus }: DashboardProps) {
  const { t } = useTexts();
  const [deployment, setDeployment] = useState<Deployment>();
  const [reports, setReports] = useState<ReadonlyMap<string, CanaryReport>>(new Map());
  const [shownReport, setShownReport] = useState<CanaryReport>();
  const [chosen, setChosen] = useState<string>();
  const [slow, setSlow] = useState<Slow>();
  const [confirming, setConfirming] = useState<MoveRequest | null>(null);
  const loop = useRef({
    ticks: 0,
    paused: false,
    timer: 0,
    alive: true,
    chosen: undefined as string | undefined,
    /** what the chart and the release form were last drawn from: unchanged, they are not drawn again */
    drawn: new Map<string, string>(),
  });

  /** Whether `what` is drawn from new data (or `full`): the chart is not drawn again from the same figures. */
  const changed = (what: string, data: unknown, full: boolean) => {
    const signature = JSON.stringify(data);
    if (!full && loop.current.drawn.get(what) === signature) return false;
    loop.current.drawn.set(what, signature);
    return true;
  };

  const drawSlow = async (current: Deployment, selected: string, full: boolean) => {
    const [vitals, history, releases] = await Promise.all([
      selected === 'shell'
        ? null
        : api.vitals(selected, HOURS).catch((error: unknown) => {
            if (error instanceof ApiError && error.code === 'ops-unavailable') return 'unavailable' as const;
            throw error;
          }),
      api.history(30),
      mayMove(who, selected) ? api.releases(selected) : null,
    ]);
    // the chart moves on a bucket at a time: its releases' points and its first bucket say what it shows
    const shown = vitals && vitals !== 'unavailable' ? [vitals.app, vitals.releases, vitals.from.slice(0, 15)] : vitals;
    const live = selected === 'shell' ? current.shell : current.remotes[selected];
    const chartChanged = changed('chart', [selected, shown], full);
    const releasesChanged = changed('release', [selected, releases, live], full);
    setSlow((before) => ({
      app: selected,
      vitals: chartChanged || !before ? vitals : before.vitals,
      history,
      releases: releasesChanged || !before ? releases : before.releases,
    }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one loop per session, reading the latest state through `loop`
  const refresh = useCallback(async (full = false): Promise<void> => {
    const state = loop.current;
    window.clearTimeout(state.timer);
    try {
      if (!state.paused) {
        const current = await api.deployment();
        const selected = selectedApp(state.chosen, current, who);
        const reported = appsOf(current, who).filter((app) => app === selected || current.remotes[app]?.canary);
        // the visitors' figures unreadable (the operations port down): the apps and their moves still show
        let problem: unknown = null;
        const answers = await Promise.all(
          reported.map((app) =>
            api.canaryReport(app).catch((error: unknown) => {
              if (error instanceof ApiError && error.status === 401) throw error;
              problem = error;
              return null;
            }),
          ),
        );
        if (!state.alive) return;
        const byApp = new Map(answers.flatMap((report) => (report ? [[report.app, report] as const] : [])));
        // a confirmation opened meanwhile: its opener stays in place (the focus goes back to it)
        if (!state.paused) {
          setDeployment(current);
          setReports(byApp);
          const report = byApp.get(selected);
          if (report) setShownReport(report);
        }
        if (full || state.ticks % VITALS_EVERY === 0) await drawSlow(current, selected, full);
        state.ticks += 1;
        if (problem) onError(problem);
        else onError(null);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onSignOut(error);
        return;
      }
      if (state.alive) onError(error);
    }
    if (state.alive) state.timer = window.setTimeout(() => void refresh(), REFRESH_MS);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per session
  useEffect(() => {
    const state = loop.current;
    state.alive = true;
    void refresh(true).then(() => whoRef.current?.focus());
    return () => {
      state.alive = false;
      window.clearTimeout(state.timer);
    };
  }, []);

  const select = (app: string) => {
    loop.current.chosen = app;
    setChosen(app);
    void refresh(true);
  };

  const move = (request: MoveRequest) => {
    loop.current.paused = true;
    setConfirming(request);
  };

  const confirmed = async (request: MoveRequest, reason: string | null) => {
    loop.current.paused = false;
    setConfirming(null);
    if (reason === null) return;
    onStatus(t('actions.working'));
    try {
      const body = reason ? { ...request.body, reason } : request.body;
      const result = await api.move(request.app, request.move, body);
      onError(null);
      onStatus(
        t('actions.done', {
          app: request.app,
          action: t(`history.actions.${request.move}`),
          deployment: result.deployment,
        }),
      );
    } catch (error) {
      onStatus('');
      onError(error);
    }
    await refresh(true);
  };

  if (!deployment) return null;
  const selected = selectedApp(chosen, deployment, who);
  const firstShare = reports.get(selected)?.rules.steps[0] ?? shownReport?.rules.steps[0] ?? 10;
  return (
    <>
      <AppList
        deployment={deployment}
        who={who}
        reports={reports}
        selected={selected}
        onSelect={select}
        onMove={move}
      />
      <ReportView report={shownReport} />
      {slow?.releases ? (
        <ReleaseForm
          key={slow.app}
          app={slow.app}
          releases={slow.releases}
          deployment={deployment}
          firstShare={firstShare}
          onMove={move}
        />
      ) : null}
      <VitalsChart vitals={slow?.vitals} />
      <HistoryView entries={slow?.history} />
      {confirming ? (
        <ConfirmDialog
          title={t('actions.confirmTitle', { action: moveLabel(t, confirming), app: confirming.app })}
          action={moveLabel(t, confirming)}
          text={confirming.text}
          danger={confirming.danger}
          onDone={(reason) => void confirmed(confirming, reason)}
        />
      ) : null}
    </>
  );
}
