/**
 * Browser-stored values of docs/product.md#entities, typed. Values are JSON in localStorage; every access is
 * guarded because storage can be missing (SSR, bots) or throw (privacy modes, quota).
 */
import type { UtmParameters } from './contract/orders';
import type { SearchHistoryEntry } from './contract/search';

export type StoredValues = {
  /** The chosen city. */
  cityId: number;
  /** The city geolocation found. */
  nearestCityId: number;
  /** The city banner was confirmed. */
  cityShown: boolean;
  /** A guest's anonymous cart; cleared after sign-in. */
  cartId: string;
  /** Acting in the doctor role (role switch). */
  doctor: boolean;
  /** The account has a doctor profile; reset when the session turns out to be a guest's. */
  doctorType: boolean;
  /**
   * The date filter last chosen on my orders / my patients (the account remembers it): a period key
   * (`today`, `week`, `month`, `3months`, `year`, `all`) or a custom range `YYYY-MM-DD..YYYY-MM-DD`.
   * Cleared at logout.
   */
  lastOrdersDate: string;
  lastPatientsDate: string;
  utmParams: UtmParameters;
  searchHistory: SearchHistoryEntry[];
};
export type StorageKey = keyof StoredValues;

export const STORAGE_KEYS = [
  'cityId',
  'nearestCityId',
  'cityShown',
  'cartId',
  'doctor',
  'doctorType',
  'lastOrdersDate',
  'lastPatientsDate',
  'utmParams',
  'searchHistory',
] as const satisfies readonly StorageKey[];

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isUtm = (value: unknown): value is UtmParameters =>
  isRecord(value) && Object.values(value).every((item) => typeof item === 'string');
const isHistory = (value: unknown): value is SearchHistoryEntry[] =>
  Array.isArray(value) &&
  value.every((entry) => isRecord(entry) && isId(entry.id) && isText(entry.title) && typeof entry.url === 'string');

/** A value written by an older build or by hand is ignored rather than trusted. */
const guards: { [K in StorageKey]: (value: unknown) => value is StoredValues[K] } = {
  cityId: isId,
  nearestCityId: isId,
  cityShown: isBoolean,
  cartId: isText,
  doctor: isBoolean,
  doctorType: isBoolean,
  lastOrdersDate: isText,
  lastPatientsDate: isText,
  utmParams: isUtm,
  searchHistory: isHistory,
};

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // a bare string (an id stored without JSON quotes)
    return raw;
  }
}

export function getStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  try {
    const raw = localStore()?.getItem(key);
    if (raw == null) return null;
    const value = parse(raw);
    return guards[key](value) ? value : null;
  } catch {
    return null;
  }
}

type Listener = (key: StorageKey) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with the key whenever a stored value changes, here or in another tab. */
export function subscribeStored(listener: Listener): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key && (STORAGE_KEYS as readonly string[]).includes(event.key)) listener(event.key as StorageKey);
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', fromOtherTab);
  };
}

function notify(key: StorageKey): void {
  for (const listener of listeners) listener(key);
}

export function setStored<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  try {
    localStore()?.setItem(key, JSON.stringify(value));
  } catch {
    // full or forbidden storage: the value lives for this page only
  }
  notify(key);
}

export function removeStored(key: StorageKey): void {
  try {
    localStore()?.removeItem(key);
  } catch {
    // nothing to clean where nothing could be stored
  }
  notify(key);
}

export const storage = { get: getStored, set: setStored, remove: removeStored } as const;
