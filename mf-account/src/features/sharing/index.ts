export { ShareDialog } from './ShareDialog';
export { SharedResultsPage } from './SharedResultsPage';
export { type ShareOutcome, shareLink } from './share';
export { SHARING_NS } from './texts';
