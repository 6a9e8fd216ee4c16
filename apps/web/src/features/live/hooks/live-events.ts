import type { LiveEvent } from '@kuvert/shared/events';
import { liveEventSchema } from '@kuvert/shared/events';
import {
  invoiceDependentAreas,
  letterDependentAreas,
  signatureDependentAreas,
  uploadDependentAreas,
} from '../../../lib/mailbox-keys.ts';
import type { MailboxArea } from '../../../lib/mailbox-keys.ts';

export const liveEventTypes: readonly LiveEvent['type'][] = [
  'letter.created',
  'letters.changed',
  'folders.changed',
  'invoices.changed',
  'uploads.changed',
  'signatures.changed',
  'contacts.changed',
  'letter_drafts.changed',
  'forms.changed',
  'case_files.changed',
  'mail_merge.progress',
];

/** Parses one SSE message; anything unknown or malformed is ignored (null). */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const result = liveEventSchema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Which cached areas an event makes stale. */
export function areasToRefresh(event: LiveEvent): readonly MailboxArea[] {
  switch (event.type) {
    case 'letter.created':
      return letterDependentAreas;
    case 'letters.changed':
      // A printed letter moved on (printed, posted, failed): a merge's report shows it.
      return [...letterDependentAreas, 'mailMerges'];
    case 'folders.changed':
      // Deleting a folder takes its letters to the trash with it: lists change too.
      return ['folders', 'letters', 'home', 'trash'];
    case 'invoices.changed':
      return invoiceDependentAreas;
    case 'uploads.changed':
      return uploadDependentAreas;
    case 'signatures.changed':
      return signatureDependentAreas;
    case 'contacts.changed':
      // A trashed contact shows in the trash.
      return ['contacts', 'trash'];
    case 'letter_drafts.changed':
      return ['drafts'];
    case 'mail_merge.progress':
      // A merge's letters fill the outbox as it runs.
      return ['mailMerges', 'letters'];
    case 'forms.changed':
      return ['forms'];
    case 'case_files.changed':
      // A trashed file or item shows in the trash; a letter page lists its files.
      return ['caseFiles', 'trash'];
  }
}

/** Reconnect delays after errors: 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The stream's address: after a lost connection, with the last event id seen, so that the
 * server (any instance) first sends what was missed. An EventSource cannot set the
 * Last-Event-ID header itself when it is made anew, hence the query parameter.
 */
export function liveStreamUrl(base: string, lastEventId: string | null): string {
  if (!lastEventId) return base;
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}last_event_id=${encodeURIComponent(lastEventId)}`;
}
