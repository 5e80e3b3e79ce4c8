export { HistoryView } from './HistoryView';
