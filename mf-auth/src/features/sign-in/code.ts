/** docs/product.md#validation and #constants: the SMS code has 4 digits. */
export const CODE_LENGTH = 4;

export type CodeError = 'empty' | 'smsInvalid';

/** What a typed or pasted value leaves in the field: its digits, at most four ("Код: 12 34" -> "1234"). */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** Empty gives the empty-field message; any other length the sms-invalid one. */
export function validateCode(code: string): CodeError | null {
  if (code === '') return 'empty';
  return /^\d{4}$/.test(code) ? null : 'smsInvalid';
}
