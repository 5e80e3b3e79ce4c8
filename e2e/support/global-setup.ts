import { type RunningApi, startApi, stopApi } from './api';

/** One API server for the whole run; each spec starts its own static servers against it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const api: RunningApi = await startApi();
  return () => stopApi(api);
}
