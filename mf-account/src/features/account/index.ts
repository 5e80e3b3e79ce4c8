export {
  type Account,
  type AccountPerson,
  profilePhotoUrl,
  type ReadyAccount,
  roleOf,
  useAccount,
} from './useAccount';
export { USER_STORAGE_KEYS, useLogout } from './useLogout';
export { useRoleSwitch } from './useRoleSwitch';
export { useWorkplaceSelect } from './useWorkplaceSelect';
