/**
 * Phone rules of docs/product.md#validation: the input mask `+38 (0##) ###-##-##`, the international digits
 * form sent to the server (`+380XXXXXXXXX`, 13 characters) and the display formatter.
 */
export const PHONE_LENGTH = 13;
export const PHONE_MASK = '+38 (0##) ###-##-##';

/** The nine subscriber digits after +380 that the user has typed so far. */
function subscriberDigits(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('380')) digits = digits.slice(3);
  else if (digits.startsWith('38') && digits.length > 10) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 9);
}

/** Applies the mask to whatever was typed or pasted; an empty input stays empty. */
export function maskPhone(value: string): string {
  const digits = subscriberDigits(value);
  if (!digits) return '';
  const parts = [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7, 9)];
  let masked = `+38 (0${parts[0]}`;
  if (digits.length > 2) masked += `) ${parts[1]}`;
  if (digits.length > 5) masked += `-${parts[2]}`;
  if (digits.length > 7) masked += `-${parts[3]}`;
  return masked;
}

/** Reduces a masked phone to its international form: `+` and digits (13 characters when complete). */
export function phoneToInternational(value: string): string {
  const digits = subscriberDigits(value);
  return digits ? `+380${digits}` : '';
}

export type PhoneError = 'empty' | 'invalid';

/** The validation of docs/product.md#validation: empty, or any length other than 13. */
export function validatePhone(value: string): PhoneError | null {
  const international = phoneToInternational(value);
  if (!international) return 'empty';
  return international.length === PHONE_LENGTH ? null : 'invalid';
}

/** The display formatter: optional 38 prefix plus 10 digits -> `+38 (xxx) xxx-xx-xx`, else null. */
export function formatPhone(value: string | null | undefined): string | null {
  const match = /^(?:\+?38)?(\d{3})(\d{3})(\d{2})(\d{2})$/.exec((value ?? '').replace(/[\s()-]/g, ''));
  if (!match) return null;
  return `+38 (${match[1]}) ${match[2]}-${match[3]}-${match[4]}`;
}
