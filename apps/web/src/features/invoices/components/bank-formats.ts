import { localIsoDate } from '../../../lib/dates.ts';

/** An IBAN as people read and type it: groups of four, `DE89 3704 0044 0532 0130 00`. */
export function formatIban(iban: string): string {
  const compact = compactIban(iban);
  return compact.replace(/(.{4})(?=.)/gu, '$1 ');
}

/** An IBAN as banking apps want it pasted: no spaces, upper case. */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/gu, '').toUpperCase();
}

export type PaidOnProblem = 'dateRequired' | 'dateFuture';

/** The day a user says they paid: a real date, not after today. */
export function checkPaidOn(value: string, today: string = localIsoDate()): PaidOnProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/u.test(value)) return 'dateRequired';
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return 'dateRequired';
  }
  // ISO dates compare correctly as strings.
  return value > today ? 'dateFuture' : null;
}
