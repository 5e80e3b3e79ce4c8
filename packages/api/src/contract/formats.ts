/**
 * The string formats the contract uses, for TypeBox's own checker (`Value.Check`, TypeCompiler), which
 * rejects unknown formats. Ajv on the server gets the same ones from ajv-formats.
 */
import { FormatRegistry } from '@sinclair/typebox';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A real calendar day: 2023-02-30 has the right shape but is no date. */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const formats: Record<string, (value: string) => boolean> = {
  date: isDate,
  'date-time': (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) && isDate(value.slice(0, 10)),
  uuid: (value) => UUID.test(value),
  email: (value) => EMAIL.test(value),
};

/** Idempotent: registers each format once. */
export function registerContractFormats(): void {
  for (const [name, check] of Object.entries(formats)) {
    if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
  }
}
