import { nextTask } from './features/startup';

// The page's modules run in stages, each in a task of its own: their first run in one go kept the main
// thread for 160-180 ms on a phone (a CPU slowed 4x), which a tap waits for and total blocking time
// counts (docs/performance.md). Each stage is in the bundle already (eager): no request is added.
const stages = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ '@lab/router'),
  () => import(/* webpackMode: "eager" */ '@lab/i18n'),
  () => import(/* webpackMode: "eager" */ '@lab/api'),
  () => import(/* webpackMode: "eager" */ '@lab/ui'),
  () => import(/* webpackMode: "eager" */ './app/App'),
];

async function boot(): Promise<void> {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  const { start } = await import(/* webpackMode: "eager" */ './app/start');
  await start();
}

void boot();
