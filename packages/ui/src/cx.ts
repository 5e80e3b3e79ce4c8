/** Joins class names, skipping falsy ones (CSS Modules yield undefined for unknown keys). */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
