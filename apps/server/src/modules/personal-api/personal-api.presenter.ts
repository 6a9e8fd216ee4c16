import type { PersonalLetter, PersonalLetterPage } from '@kuvert/shared/personal-api';
import type { SyncedLetter, SyncedLetterPage } from '../letters/letter-sync.service.ts';

export function toPersonalLetter(letter: SyncedLetter): PersonalLetter {
  const { row } = letter;
  return {
    id: row.id,
    mailbox: { id: row.account_id, name: letter.mailboxName },
    provider:
      row.provider_id === null || letter.providerName === null
        ? null
        : { id: row.provider_id, name: letter.providerName },
    sender_name: row.sender_name,
    direction: row.direction === 'outbound' ? 'outbound' : 'inbound',
    kind: row.kind,
    subject: row.subject,
    created_at: row.created_at,
    read_at: row.read_at,
    trashed_at: row.trashed_at,
    invoice_due_date: row.invoice_due_date,
    documents: letter.documents.map((document) => ({
      id: document.id,
      role: document.role === 'sealed' ? 'sealed' : 'original',
      filename: document.filename,
      content_type: document.contentType,
      size: document.size,
    })),
  };
}

export function toPersonalLetterPage(page: SyncedLetterPage): PersonalLetterPage {
  return {
    items: page.letters.map(toPersonalLetter),
    next_cursor: page.nextCursor,
    has_more: page.hasMore,
  };
}
