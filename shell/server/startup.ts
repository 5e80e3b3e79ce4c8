// On a page whose content is in its HTML (a remote's preview), the app's scripts start once that content
// is drawn: on a phone's connection the page's own bytes then arrive without 235 KB of JavaScript
// competing for the line, and nothing the visitor reads waits for a script (README "Performance").
import { hashSource } from './csp';

// the entry; the start-up chunks' preloads; the remotes' manifests (remoteHints in page.ts, fetched with CORS)
const STARTUP_TAGS =
  /<script defer="defer" src="([^"]+)"[^>]*><\/script>|<link rel="preload" as="(script|style|fetch)" href="([^"]+)"( crossorigin)?>/g;

/** A page whose start-up tags were moved into an inline script, and that script's CSP source. */
export type DeferredStartup = { html: string; scriptSource: string | null };

/**
 * Takes the build's entry script, its start-up preloads and the remotes' manifest preloads out of the
 * head and adds them from an inline script after the first frame (a timer too: a tab opened in the background draws no frame until shown).
 * The entry keeps its order behind nothing; the preloads keep theirs.
 */
export function startAfterFirstPaint(html: string): DeferredStartup {
  const entries: string[] = [];
  const preloads: ([string, string] | [string, string, 1])[] = [];
  const rest = html.replace(STARTUP_TAGS, (_tag, entry?: string, as?: string, href?: string, cors?: string) => {
    if (entry) entries.push(entry);
    else if (as && href) preloads.push(cors ? [href.replace(/&amp;/g, '&'), as, 1] : [href, as]);
    return '';
  });
  if (!entries.length) return { html, scriptSource: null };
  const script =
    `(function(){var started=false;function start(){if(started)return;started=true;` +
    `${JSON.stringify(preloads)}.forEach(function(p){var l=document.createElement('link');l.rel='preload';l.as=p[1];if(p[2])l.crossOrigin='anonymous';l.href=p[0];document.head.appendChild(l)});` +
    `${JSON.stringify(entries)}.forEach(function(src){var s=document.createElement('script');s.src=src;s.async=false;document.head.appendChild(s)})}` +
    `requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,500)})()`;
  const scriptSource = hashSource(script);
  return { html: rest.replace('</body>', () => `<script>${script}</script></body>`), scriptSource };
}
