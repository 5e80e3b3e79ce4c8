import { type RunningApi, startApi, stopApi } from './api';

/** One API server for the whole run; each spec starts its own static servers against it. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // a fresh embedded database for the API, and each spec's own deployment (its releases folder, or the
  // PostgreSQL it starts): a developer's DATABASE_URL reaches neither (the workers inherit this)
  delete process.env.DATABASE_URL;
  delete process.env.DEPLOYMENT_DATABASE_URL;
  // the moves go to a deploy API of their own (in the command's process), not a developer's DEPLOY_URL
  delete process.env.DEPLOY_URL;
  delete process.env.DEPLOY_TOKEN;
  const api: RunningApi = await startApi();
  return () => stopApi(api);
}
