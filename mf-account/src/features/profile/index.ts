export { AccountHome, AccountHomeFrame } from './AccountHome';
export { Avatar } from './Avatar';
export { GuestPrompt } from './GuestPrompt';
export { ProfileMenu } from './ProfileMenu';
export { ProfileSummary } from './ProfileSummary';
export { RoleSwitch } from './RoleSwitch';
export { ROLE_HOME, useSwitchRole } from './useSwitchRole';
