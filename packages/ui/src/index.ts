// Global tokens and base styles: whichever app provides the shared ui module ships them once.
import './tokens.css';
import './i18n';

export { Accordion, type AccordionItem, type AccordionProps } from './accordion/Accordion';
export { CountBadge, formatBadgeCount } from './badge/CountBadge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button/Button';
export { Spinner, type SpinnerProps } from './button/Spinner';
export { CloseButton, type CloseButtonProps } from './CloseButton';
export { cx } from './cx';
export { ErrorState, type ErrorStateProps } from './error/ErrorState';
export { getFocusable } from './focus/focusable';
export { type FocusTrapOptions, useFocusTrap } from './focus/useFocusTrap';
export {
  formatPhone,
  maskPhone,
  PHONE_LENGTH,
  PHONE_MASK,
  type PhoneError,
  phoneToInternational,
  validatePhone,
} from './format/phone';
export { SafeHtml, sanitizeHtml } from './html/SafeHtml';
export { UI_NAMESPACE } from './i18n';
export { Link, type LinkProps } from './link/Link';
export { type LocalizedNavigate, useLocalizedNavigate } from './link/useLocalizedNavigate';
export { useViewportAbove } from './media/useViewportAbove';
export { Modal, type ModalProps } from './modal/Modal';
export * from './page';
export { Sidebar, type SidebarProps } from './sidebar/Sidebar';
export { useScrollLock } from './sidebar/useScrollLock';
export { Skeleton, type SkeletonProps, SkeletonText, type SkeletonTextProps } from './skeleton/Skeleton';
