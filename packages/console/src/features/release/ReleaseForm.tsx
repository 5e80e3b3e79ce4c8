import { Button, fieldStyles } from '@lab/ui';
import { type FormEvent, useState } from 'react';
import type { Deployment, Release } from '../../lib/api';
import { formatDateTime, useTexts } from '../../lib/i18n';
import type { MoveRequest } from '../../lib/moves';
import styles from './ReleaseForm.module.css';

export interface ReleaseFormProps {
  app: string;
  releases: readonly Release[];
  deployment: Deployment;
  /** a judged canary's first share (the judge's `steps[0]`) */
  firstShare: number;
  onMove: (move: MoveRequest) => void;
}

/**
 * Another release of an app the token may move, to every visitor or to a judged canary's first share
 * (the shell has no canary); a line saying there is none when the app has no release but the live ones.
 */
export function ReleaseForm({ app, releases, deployment, firstShare, onMove }: ReleaseFormProps) {
  const { t, language } = useTexts();
  const live = app === 'shell' ? deployment.shell : deployment.remotes[app];
  const canary = app === 'shell' ? undefined : deployment.remotes[app]?.canary;
  const others = releases.filter((release) => release.version !== live?.version && release.version !== canary?.version);
  const audiences = app === 'shell' || canary ? (['everyone'] as const) : (['canary', 'everyone'] as const);
  const [chosen, setChosen] = useState<string>();
  const [audience, setAudience] = useState<'canary' | 'everyone'>();
  const version = others.find((release) => release.version === chosen)?.version ?? others[0]?.version ?? '';
  const to = audience && (audiences as readonly string[]).includes(audience) ? audience : audiences[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const names = { app, version, from: live?.version ?? t('apps.build'), percent: firstShare };
    onMove(
      to === 'canary'
        ? {
            app,
            move: 'canary',
            body: { version, share: firstShare },
            text: t('actions.confirmCanary', names),
            danger: false,
          }
        : { app, move: 'promote', body: { version }, text: t('actions.confirmPromote', names), danger: false },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby="release-heading">
      <h2 id="release-heading">{t('release.heading', { app })}</h2>
      {others.length === 0 ? (
        <p>{t('release.none', { app })}</p>
      ) : (
        <form className={styles.form} onSubmit={submit}>
          <label htmlFor="release-version">{t('release.version')}</label>
          <select
            id="release-version"
            className={`${fieldStyles.input} ${styles.select}`}
            value={version}
            onChange={(event) => setChosen(event.target.value)}
          >
            {others.map((release) => (
              <option key={release.version} value={release.version}>
                {`${release.version} (${[release.commit?.slice(0, 7), formatDateTime(language, release.builtAt)].filter(Boolean).join(', ')})`}
              </option>
            ))}
          </select>
          <fieldset className={styles.audience}>
            <legend>{t('release.audience')}</legend>
            {audiences.map((option) => (
              <label key={option} className={styles.choice}>
                <input
                  type="radio"
                  name="audience"
                  value={option}
                  checked={to === option}
                  onChange={() => setAudience(option)}
                />
                {t(`release.${option}`, { percent: firstShare })}
              </label>
            ))}
          </fieldset>
          {canary ? <p className={styles.note}>{t('release.canaryRunning')}</p> : null}
          <Button type="submit">{t('release.submit')}</Button>
        </form>
      )}
    </section>
  );
}
