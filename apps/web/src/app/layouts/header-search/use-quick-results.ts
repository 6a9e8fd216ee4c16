import { useQueries } from '@tanstack/react-query';
import type { CaseFile } from '@kuvert/shared/case-files';
import type { Contact } from '@kuvert/shared/contacts';
import type { LetterSummary } from '@kuvert/shared/letters';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { getCaseFiles } from '../../../features/case-files/api/get-case-files.ts';
import { getContacts } from '../../../features/contacts/api/get-contacts.ts';
import { search } from '../../../features/search/api/search.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** How many hits of each kind the header's list shows: the best few, the rest a page away. */
export const QUICK_HITS_PER_KIND = 3;

export interface QuickResults {
  letters: LetterSummary[];
  uploads: UploadSummary[];
  caseFiles: CaseFile[];
  contacts: Contact[];
  isPending: boolean;
  isError: boolean;
}

/**
 * The best few letters, uploads, case files and contacts of the mailbox for the words typed
 * in the header: four small requests side by side, each cached under its area's key, so a
 * change in an area (a letter trashed, a contact renamed) refreshes them as it does the lists.
 */
export function useQuickResults(accountId: string, query: string): QuickResults {
  const limit = QUICK_HITS_PER_KIND;
  const [letters, uploads, caseFiles, contacts] = useQueries({
    queries: [
      {
        queryKey: [...mailboxKeys.search, 'quick', accountId, query, 'letters'],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          search(accountId, { query, sort: 'relevance', kind: 'letters' }, null, signal, limit),
      },
      {
        queryKey: [...mailboxKeys.search, 'quick', accountId, query, 'uploads'],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          search(accountId, { query, sort: 'relevance', kind: 'uploads' }, null, signal, limit),
      },
      {
        queryKey: [...mailboxKeys.caseFiles, 'quick', accountId, query],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          getCaseFiles(accountId, { q: query, sort: 'activity' }, null, signal, limit),
      },
      {
        queryKey: [...mailboxKeys.contacts, 'quick', accountId, query],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          getContacts(accountId, query, null, signal, limit),
      },
    ],
  });
  return {
    letters: (letters.data?.hits ?? []).flatMap((hit) =>
      hit.type === 'letter' ? [hit.letter] : [],
    ),
    uploads: (uploads.data?.hits ?? []).flatMap((hit) =>
      hit.type === 'upload' ? [hit.upload] : [],
    ),
    caseFiles: caseFiles.data?.files ?? [],
    contacts: contacts.data?.items ?? [],
    isPending: [letters, uploads, caseFiles, contacts].some((result) => result.isPending),
    isError: [letters, uploads, caseFiles, contacts].every((result) => result.isError),
  };
}
