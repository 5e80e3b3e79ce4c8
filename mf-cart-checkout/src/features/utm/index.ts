export { useUtmCapture } from './useUtmCapture';
export { captureUtm, sameUtm, utmFromSearch } from './utm';
