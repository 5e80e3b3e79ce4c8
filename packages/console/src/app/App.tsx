// The teams' console: sign in with a team token (kept in this tab's sessionStorage, sent as a Bearer
// header, checked by GET /v1/whoami), then the dashboard; the language chosen in the bar.
import { Button, fieldStyles } from '@lab/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SignIn } from '../features/session';
import { type Api, ApiError, createApi, type Whoami } from '../lib/api';
import { LANGUAGES, type Language, switchLanguage, useTexts } from '../lib/i18n';
import { Dashboard } from './Dashboard';

const TOKEN = 'consoleToken';

type Session = { api: Api; who: Whoami };

export function App() {
  const { t, has, language } = useTexts();
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [status, setStatus] = useState('');
  const who = useRef<HTMLParagraphElement>(null);
  /** after a sign-out the token's field takes the focus */
  const [signedOut, setSignedOut] = useState(0);

  const signIn = useCallback(async (token: string) => {
    const api = createApi(token);
    const whoami = await api.whoami();
    sessionStorage.setItem(TOKEN, token);
    setError(null);
    setStatus('');
    setSession({ api, who: whoami });
  }, []);

  const signOut = useCallback((reason?: unknown) => {
    sessionStorage.removeItem(TOKEN);
    setSession(null);
    setError(reason ?? null);
    setSignedOut((count) => count + 1);
  }, []);

  useEffect(() => {
    const token = sessionStorage.getItem(TOKEN);
    if (token) signIn(token).catch(signOut);
  }, [signIn, signOut]);

  useEffect(() => {
    if (signedOut > 0) document.getElementById('token')?.focus();
  }, [signedOut]);

  const errorText = (problem: unknown): string => {
    if (!(problem instanceof ApiError)) return t('errors.unknown', { message: String(problem) });
    const key = `errors.${problem.code}`;
    return has(key)
      ? t(key, { message: problem.message, app: problem.app ?? '' })
      : t('errors.unknown', { message: problem.message });
  };

  return (
    <>
      <a className="skip" href="#main">
        {t('skip')}
      </a>
      <header className="bar">
        <div className="container bar-inner">
          <span className="brand">{t('title')}</span>
          <span className="language">
            <label htmlFor="language">{t('language')}</label>
            <select
              id="language"
              className={fieldStyles.input}
              value={language}
              onChange={(event) => void switchLanguage(event.target.value as Language)}
            >
              {LANGUAGES.map((option) => (
                <option key={option} value={option}>
                  {t(`languages.${option}`)}
                </option>
              ))}
            </select>
          </span>
          {session ? (
            <Button variant="secondary" size="sm" onClick={() => signOut()}>
              {t('signIn.signOut')}
            </Button>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <h1>{t('title')}</h1>
        <div role="alert" className="alert">
          {error ? <p>{errorText(error)}</p> : null}
        </div>
        <p role="status" className="visually-hidden">
          {status}
        </p>
        {session ? (
          <>
            <p id="who" ref={who} tabIndex={-1}>
              {whoText(t, session.who)}
            </p>
            <Dashboard
              key={session.who.tokenId}
              api={session.api}
              who={session.who}
              whoRef={who}
              onSignOut={signOut}
              onError={setError}
              onStatus={setStatus}
            />
          </>
        ) : (
          <SignIn onSignIn={signIn} onError={setError} onStatus={setStatus} />
        )}
      </main>
    </>
  );
}

function whoText(t: ReturnType<typeof useTexts>['t'], who: Whoami): string {
  const scope = who.apps.includes('*')
    ? t('signIn.mayMoveAll')
    : who.apps.length
      ? t('signIn.mayMove', { apps: who.apps.join(', ') })
      : t('signIn.mayMoveNone');
  return `${t('signIn.who', { who: `${who.team}/${who.name}` })} ${scope}`;
}
