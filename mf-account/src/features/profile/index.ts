export { AccountHome } from './AccountHome';
export { ProfileMenu } from './ProfileMenu';
