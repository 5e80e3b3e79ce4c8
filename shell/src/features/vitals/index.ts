export type { Failure, PageFacts } from './report';
export { startVitals, type Vitals } from './start';
