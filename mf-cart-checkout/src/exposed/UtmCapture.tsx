import { useUtmCapture } from '../features/utm';

/**
 * Mounted once per page by the shell (renders nothing): after the first render the landing URL's
 * utm_ parameters are stored when they differ from those stored, for the order to carry them.
 */
export default function UtmCapture() {
  useUtmCapture();
  return null;
}
