export { niceTicks, valueDomain } from './chartScale';
export { DynamicsChart } from './DynamicsChart';
export { DynamicsPanel } from './DynamicsPanel';
export { DynamicsTable } from './DynamicsTable';
export { ResultsTable, rowFlag } from './ResultsTable';
export { ResultView } from './ResultView';
export { parseReference, rangeStatus } from './reference';
