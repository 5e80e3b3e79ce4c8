// Global tokens and base styles: whichever app provides the shared ui module ships them once.
import './tokens.css';
import './i18n';

export { Accordion, type AccordionItem, type AccordionProps } from './accordion/Accordion';
export { CountBadge, formatBadgeCount } from './badge/CountBadge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button/Button';
export { Spinner, type SpinnerProps } from './button/Spinner';
export { CloseButton, type CloseButtonProps } from './CloseButton';
export { cardStyles } from './card/cardStyles';
export { cx } from './cx';
export { Calendar, type CalendarProps, type DateRange } from './date/Calendar';
export { DateInput, type DateInputChange, type DateInputProps } from './date/DateInput';
export { DatePicker, type DatePickerProps } from './date/DatePicker';
export { DateRangePicker, type DateRangePickerProps, type DateRangeValue } from './date/DateRangePicker';
export { type DateInputError, evaluateDateText } from './date/evaluateDateText';
export {
  Dropdown,
  type DropdownMultipleProps,
  type DropdownProps,
  type DropdownSingleProps,
} from './dropdown/Dropdown';
export { HoverPanel, type HoverPanelProps } from './dropdown/HoverPanel';
export {
  DROPDOWN_MAX_HEIGHT,
  DROPDOWN_OPTION_HEIGHT,
  DROPDOWN_OPTIONS_LIMIT,
  DROPDOWN_VISIBLE_ITEMS_LIMIT,
  type DropdownOption,
} from './dropdown/options';
export { ErrorState, type ErrorStateProps } from './error/ErrorState';
export { fieldStyles } from './field/fieldStyles';
export { getFocusable } from './focus/focusable';
export { type FocusTrapOptions, useFocusTrap } from './focus/useFocusTrap';
export { BYTE_UNITS, formatBytes } from './format/bytes';
export {
  addDays,
  addMonths,
  addYears,
  BIRTH_DATE_AFTER,
  clampDate,
  DATE_FORMATS,
  type DateParts,
  type DateTimeParts,
  DISPLAY_DATE_FORMAT,
  dayOfWeek,
  daysInMonth,
  endOfMonth,
  endOfWeek,
  formatDateKyiv,
  formatDateParts,
  formatDateTimeKyiv,
  formatInKyiv,
  type IsoDate,
  isLeapYear,
  isoToDisplay,
  isValidBirthDate,
  isValidIsoDate,
  isWithinRange,
  KYIV_TIME_ZONE,
  kyivParts,
  MIN_AGE,
  maskDate,
  maxBirthDateForAge,
  parseDisplayDate,
  parseIsoDate,
  startOfMonth,
  startOfWeek,
  todayInKyiv,
  toIsoDate,
} from './format/date';
export { useLongDate } from './format/long-date';
export { formatPercent } from './format/percent';
export {
  formatPhone,
  maskPhone,
  PHONE_LENGTH,
  PHONE_MASK,
  type PhoneError,
  phoneToInternational,
  validatePhone,
} from './format/phone';
export { type PluralForms, plural } from './format/plural';
export { formatAmount, formatPrice } from './format/price';
export { loadSanitizer, preloadSanitizer, SafeHtml, sanitizeHtml } from './html/SafeHtml';
export { UI_NAMESPACE } from './i18n';
export { Image, type ImageProps } from './image/Image';
export { BOT_USER_AGENT, isBot } from './image/isBot';
export { photoUrl } from './image/photoUrl';
export { Link, type LinkProps } from './link/Link';
export { type LocalizedNavigate, useLocalizedNavigate } from './link/useLocalizedNavigate';
export { useViewportAbove } from './media/useViewportAbove';
export { Modal, type ModalProps } from './modal/Modal';
export { NotFoundView, type NotFoundViewProps } from './not-found/NotFoundView';
export * from './page';
export { Price, type PriceProps, useFormatPrice } from './price/Price';
export { PromoTerms, type PromoTermsData, type PromoTermsProps } from './promo/PromoTerms';
export { RATING_MAX, Rating, type RatingProps } from './rating/Rating';
export { Sidebar, type SidebarProps } from './sidebar/Sidebar';
export { useScrollLock } from './sidebar/useScrollLock';
export { Skeleton, type SkeletonProps, SkeletonText, type SkeletonTextProps } from './skeleton/Skeleton';
export { SkeletonGrid, type SkeletonGridProps } from './skeleton/SkeletonGrid';
export { SKELETON_ROWS, SkeletonRows, type SkeletonRowsProps } from './skeleton/SkeletonRows';
export { secondsLeft, useCountdown } from './time/useCountdown';
export { MESSAGE_DURATION_MS, useTransientMessage } from './time/useTransientMessage';
export {
  TOAST_DURATION,
  type ToastApi,
  type ToastItem,
  type ToastOptions,
  ToastProvider,
  type ToastTone,
  useToast,
} from './toast/ToastProvider';
export { Tooltip, type TooltipProps } from './tooltip/Tooltip';
export { type HoverHandover, type HoverOpen, TOOLTIP_HIDE_DELAY, useHoverOpen } from './tooltip/useHoverOpen';
