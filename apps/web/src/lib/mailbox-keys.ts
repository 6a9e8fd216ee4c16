import type { QueryClient } from '@tanstack/react-query';

/**
 * Roots of the query keys of the mailbox. Every feature builds its keys below one of these, so a
 * change in one area (a letter moved, a new letter arrived) can refresh what other areas show
 * (folder counts, home cards) without the features knowing each other.
 */
export const mailboxKeys = {
  letters: ['letters'],
  search: ['search'],
  folders: ['folders'],
  providers: ['providers'],
  home: ['home'],
  invoices: ['invoices'],
  trash: ['trash'],
  uploads: ['uploads'],
  signatures: ['signatures'],
  contacts: ['contacts'],
  drafts: ['drafts'],
  mailMerges: ['mail-merges'],
  forms: ['forms'],
  caseFiles: ['case-files'],
} as const;

export type MailboxArea = keyof typeof mailboxKeys;

/** Everything that shows letters or counts of them. */
export const letterDependentAreas: readonly MailboxArea[] = [
  'letters',
  'search',
  'folders',
  'providers',
  'home',
  'invoices',
  'trash',
  // An item shows its letters' subjects and whether they are in the trash.
  'caseFiles',
];

/** Everything that shows an invoice's status: its panel and list, letter badges, home counts. */
export const invoiceDependentAreas: readonly MailboxArea[] = ['invoices', 'letters', 'home'];

/** A signer signed or declined, a request was sealed, expired or cancelled. */
export const signatureDependentAreas: readonly MailboxArea[] = ['signatures', 'letters', 'home'];

/** Everything that shows uploads: their list and pages, search hits, the trash. */
export const uploadDependentAreas: readonly MailboxArea[] = [
  'uploads',
  'search',
  'trash',
  'caseFiles',
];

/** What the trash gives back or takes away: letters (and their folders), uploads, contacts, files. */
export const trashDependentAreas: readonly MailboxArea[] = [
  ...letterDependentAreas,
  'uploads',
  'contacts',
];

/** Refetches everything under the given areas (after a change that touches them). */
export function invalidateAreas(
  queryClient: QueryClient,
  areas: readonly MailboxArea[],
): Promise<void> {
  return Promise.all(
    areas.map((area) => queryClient.invalidateQueries({ queryKey: mailboxKeys[area] })),
  ).then(() => undefined);
}
