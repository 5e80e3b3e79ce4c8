// React-free: the capture script's source for the shell's server, and the attributes the controls carry.
export {
  installTapCapture,
  type KeptTap,
  NOT_LIVE,
  TAP_ATTRIBUTE,
  TAP_LABEL_ATTRIBUTE,
  TAP_PENDING_ATTRIBUTE,
  TAP_STANDIN_ATTRIBUTE,
} from './capture';
export { SEARCH_TAP, STANDIN_ICONS } from './icons';
export { startTapReplay } from './replay';
