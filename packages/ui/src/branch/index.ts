// @lab/ui/branch: a branch's status, hours and services, and an order's visit plan. A subpath of its
// own, so that its styles and texts load with the pages that draw them, not with every page's start-up.

export { useLongDate } from '../format/long-date';
export {
  BRANCH_SERVICE_KEYS,
  type BranchOpenStatus,
  BranchSchedule,
  type BranchServiceKey,
  BranchServiceList,
  BranchStatusBadge,
} from './BranchFacts';
export { BRANCH_NAMESPACE } from './i18n';
export { type ScheduleDay as BranchScheduleDay, type ScheduleLine, scheduleLines } from './schedule';
export { VisitPlan, type VisitPlanData } from './VisitPlan';
