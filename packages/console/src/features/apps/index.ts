export { AppList, type AppListProps } from './AppList';
export { appsOf, selectedApp, verdictText } from './apps';
export { Verdict } from './Verdict';
