import type { Language } from '@kuvert/shared/auth';
import { getLanguage } from '../../../lib/i18n.ts';
import { getDateTimeFormat } from '../../../lib/intl-format.ts';

/**
 * The day the account goes, as "28 Dec 2026", "28. Dez. 2026", "28 dec. 2026", "28. dec. 2026"
 * or "28. des. 2026". English writes the day first (en-GB), like the e-mail that announces it.
 */
export function formatDeletionDate(iso: string, language: Language = getLanguage()): string {
  return getDateTimeFormat(language === 'en' ? 'en-GB' : language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

/** The details of ACCOUNT_DELETION_PENDING, read without the shared schemas (login page). */
export interface DeletionPending {
  deletionDueAt: string;
  cancelToken: string;
}

export function readDeletionPending(details: unknown): DeletionPending | null {
  if (typeof details !== 'object' || details === null) return null;
  if (!('deletion_due_at' in details) || !('cancel_token' in details)) return null;
  const { deletion_due_at: dueAt, cancel_token: token } = details;
  if (typeof dueAt !== 'string' || typeof token !== 'string') return null;
  return { deletionDueAt: dueAt, cancelToken: token };
}
