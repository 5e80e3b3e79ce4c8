// The remotes map of this page: the one the shell's server put into its HTML (with the prefixes each
// remote's build lists), else /remotes.json. The federated registry and the single bundle's read it alike.
import { DEPLOYMENT_META_NAME, REMOTES_MAP_ELEMENT_ID } from './element';
import { parseRemotesMap, type RemotesMap } from './remotesMap';

const REMOTES_MAP_URL = '/remotes.json';

/** The map the shell's server put into the page, if it did. */
function inlineRemotesMap(): RemotesMap | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(REMOTES_MAP_ELEMENT_ID);
  return element?.textContent ? parseRemotesMap(element.textContent) : null;
}

/** The deployment the page was served with, when its HTML names it. */
function pageDeployment(): string | null {
  if (typeof document === 'undefined') return null;
  const named = document.querySelector(`meta[name="${DEPLOYMENT_META_NAME}"]`)?.getAttribute('content') ?? '';
  return /^\d{1,15}$/.test(named) ? named : null;
}

export async function pageRemotesMap(): Promise<RemotesMap> {
  const inline = inlineRemotesMap();
  if (inline) return inline;
  // the map of the page's own deployment, so that a move since the page was served does not mix two; one
  // the server no longer knows gives way to the live map
  const named = pageDeployment();
  let response = await fetch(named ? `${REMOTES_MAP_URL}?deployment=${named}` : REMOTES_MAP_URL, { cache: 'no-cache' });
  if (named && response.status === 404) response = await fetch(REMOTES_MAP_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes map: HTTP ${response.status}`);
  const map = parseRemotesMap(await response.text());
  if (!map) throw new Error('remotes map: not a map of remotes');
  return map;
}
