// Subresource integrity for the remotes (docs/releases.md "Integrity"). The deployment pins each released
// remote's manifest and entry by their SHA-384 (the remotes map's `integrity`); the manifest lists the
// digests of the build's files (packages/config/integrity.cjs). Here: the federation runtime's hooks take
// the manifest only if its bytes have their digest, and load the entry, and the exposed modules' files
// the runtime loads beside it, only with their `integrity` (and `crossorigin`); the remote's own runtime
// asks `globalThis.__labIntegrity(url)` for each chunk and style sheet it loads. Any file of a pinned
// remote the manifest lists no digest for is refused. A refusal fails the slot as a dead remote does; it
// is told to real-user monitoring as `integrity` (failures.ts asks integrityVerdict).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { manifestOf, type RemoteIntegrity, type RemotesMap } from './remotesMap';

/** A digest no file has: what a file without a digest is loaded with, so that the browser refuses it. */
export const MISSING_DIGEST = `sha384-${'A'.repeat(64)}`;

/** The name of the function a remote's runtime asks for its files' digests (packages/config/integrity.cjs). */
export const INTEGRITY_LOOKUP = '__labIntegrity';

type Pin = {
  /** the release's folder: every file of it is loaded only with its digest */
  base: string;
  manifestUrl: string;
  manifest: string;
  entryUrl: string;
  entry: string;
  /** the digests the verified manifest gives its files, by address */
  files: Map<string, string>;
};

const withoutQuery = (url: string): string => {
  try {
    const parsed = new URL(url, typeof location === 'undefined' ? 'http://localhost/' : location.href);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url;
  }
};

let pins = new Map<string, Pin>();

/** The remotes the page loads only with their digests: those whose release the deployment pins. */
export function pinRemotes(map: RemotesMap): void {
  const next = new Map<string, Pin>();
  for (const [name, declaration] of Object.entries(map)) {
    const manifestUrl = manifestOf(declaration);
    const integrity: RemoteIntegrity | undefined = typeof declaration === 'string' ? undefined : declaration.integrity;
    if (!manifestUrl || !integrity) continue;
    const manifest = withoutQuery(manifestUrl);
    next.set(name, {
      base: new URL('.', manifest).href,
      manifestUrl: manifest,
      manifest: integrity.manifest,
      entryUrl: withoutQuery(new URL(integrity.entry.path, manifest).href),
      entry: integrity.entry.digest,
      files: new Map(),
    });
  }
  pins = next;
}

/** Resources refused for their bytes (or found so), and checks of refused ones under way, by address. */
const refused = new Set<string>();
const checks = new Map<string, Promise<boolean>>();

function toBase64(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text);
}

async function digestOf(bytes: ArrayBuffer): Promise<string | null> {
  const subtle = typeof crypto === 'undefined' ? undefined : crypto.subtle;
  if (!subtle) return null;
  return `sha384-${toBase64(await subtle.digest('SHA-384', bytes))}`;
}

/**
 * The manifest as the runtime would fetch it (the request the page's preload made: it is reused), taken
 * only when its bytes have the pinned digest. Without Web Crypto (a page over plain http by address) the
 * browser checks it: the same request with `integrity`.
 */
async function verifiedFetch(url: string, init: RequestInit, pin: Pin): Promise<Response> {
  let response = await fetch(url, init);
  if (!response.ok) return response;
  const actual = await digestOf(await response.clone().arrayBuffer());
  if (actual === null) {
    response = await fetch(url, { ...init, integrity: pin.manifest }).catch((error: unknown) => {
      refused.add(withoutQuery(url));
      throw error;
    });
  } else if (actual !== pin.manifest) {
    refused.add(withoutQuery(url));
    throw new Error(`${url}: its bytes are not the released ones (integrity)`);
  }
  // its files' digests, now that its own is checked
  const { integrity } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { integrity?: Record<string, unknown> };
  for (const [file, digest] of Object.entries(integrity ?? {})) {
    if (typeof digest === 'string') pin.files.set(withoutQuery(new URL(file, pin.manifestUrl).href), digest);
  }
  return response;
}

/** The pinned remote a file belongs to: by the runtime's name for it, else by the entry's address. */
function pinOf(address: string, name: string | undefined): Pin | undefined {
  return (name ? pins.get(name) : undefined) ?? [...pins.values()].find((pin) => pin.entryUrl === address);
}

/** A pinned remote's file's digest: the entry's, one its manifest lists, or one no file has. */
function expectedDigest(pin: Pin, address: string): string {
  return address === pin.entryUrl ? pin.entry : (pin.files.get(address) ?? MISSING_DIGEST);
}

/** An element's attributes as the runtime asked for them (an element returned by a hook gets none). */
function withAttributes<T extends HTMLElement>(element: T, attrs: Record<string, unknown> | undefined): T {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (typeof value === 'string') element.setAttribute(name, value);
    else if (value === true) element.setAttribute(name, '');
  }
  return element;
}

/**
 * A file's digest as a remote's runtime asks for it: the pinned release's manifest's, one no file has for
 * a file of a pinned release it lists none for, or null: nothing is pinned there (a build served as it is).
 */
export function digestFor(url: string): string | null {
  const address = withoutQuery(url);
  const pin = [...pins.values()].find((candidate) => address.startsWith(candidate.base));
  return pin ? expectedDigest(pin, address) : null;
}

/** Lets the remotes' runtimes ask for their files' digests. */
export function answerRemotes(
  target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): void {
  target[INTEGRITY_LOOKUP] = digestFor;
}

/** The federation runtime plugin that loads pinned remotes only with their digests. */
export function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'lab-integrity',
    fetch(url, init) {
      const address = withoutQuery(url);
      const pin = [...pins.values()].find((candidate) => candidate.manifestUrl === address);
      return pin ? verifiedFetch(url, init, pin) : undefined;
    },
    createScript({ url, attrs, remoteInfo }) {
      const address = withoutQuery(url);
      const pin = pinOf(address, remoteInfo?.name);
      if (!pin) return undefined;
      const script = withAttributes(document.createElement('script'), attrs);
      script.integrity = expectedDigest(pin, address);
      script.crossOrigin = 'anonymous';
      script.src = url;
      return script;
    },
    createLink({ url, attrs, remoteInfo }) {
      const address = withoutQuery(url);
      const pin = pinOf(address, remoteInfo?.name);
      if (!pin) return undefined;
      const link = withAttributes(document.createElement('link'), attrs);
      link.integrity = expectedDigest(pin, address);
      link.crossOrigin = 'anonymous';
      link.href = url;
      return link;
    },
  };
}

/**
 * Whether a script or style sheet the browser refused was refused for its bytes: fetched again without
 * `integrity`, it arrives (and, with Web Crypto, its digest is another, or it had none).
 */
async function refusedForItsBytes(url: string, expected: string): Promise<boolean> {
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'no-store' });
    if (!response.ok) return false;
    if (expected === MISSING_DIGEST) return true;
    const actual = await digestOf(await response.arrayBuffer());
    return actual === null || actual !== expected;
  } catch {
    return false;
  }
}

/**
 * Watches the scripts and style sheets that fail to load (in the capture phase: before their own
 * handlers, while the element still says what it expected): one loaded with `integrity` is checked.
 */
export function watchRefusals(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener(
    'error',
    (event) => {
      const element = event.target;
      if (!(element instanceof HTMLScriptElement || element instanceof HTMLLinkElement)) return;
      const expected = element.integrity;
      const url = element instanceof HTMLScriptElement ? element.src : element.href;
      if (!expected || !url) return;
      const address = withoutQuery(url);
      if (!checks.has(address)) checks.set(address, refusedForItsBytes(url, expected));
    },
    true,
  );
}

const URLS = /https?:\/\/[^\s"'<>()]+/g;

/**
 * Whether an error of a remote is a refusal of a file's bytes: null when none of the files it names was
 * refused or is being checked (a failure of another kind), else the verdict.
 */
export function integrityVerdict(error: unknown): Promise<boolean> | null {
  const named = new Set<string>();
  if (error && typeof error === 'object') {
    const { request, message } = error as { request?: unknown; message?: unknown };
    if (typeof request === 'string') named.add(withoutQuery(request));
    if (typeof message === 'string') for (const [url] of message.matchAll(URLS)) named.add(withoutQuery(url));
  }
  const addresses = [...named];
  if (addresses.some((address) => refused.has(address))) return Promise.resolve(true);
  const pending = addresses.map((address) => checks.get(address)).filter((check) => check !== undefined);
  if (!pending.length) return null;
  return Promise.all(pending).then((verdicts) => verdicts.some(Boolean));
}
