export { ReportView } from './ReportView';
