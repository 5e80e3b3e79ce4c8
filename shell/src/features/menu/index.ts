export { DesktopMenu } from './DesktopMenu';
export { MobileMenu } from './MobileMenu';
export { menuOfType, type ShownMenuItem, shownItems } from './menuItems';
