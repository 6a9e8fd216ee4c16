import type { LetterSearchHit, UploadSearchHit } from '@kuvert/shared/search';

/** A letter hit for tests, found in its subject. */
export function letterHit(id: string): LetterSearchHit {
  return {
    type: 'letter',
    letter: {
      id,
      account_id: 'a1',
      direction: 'inbound',
      kind: 'letter',
      subject: `Letter ${id}`,
      excerpt: '',
      provider: { id: 'p1', name: 'Stadtwerke', has_logo: false, is_verified: true },
      sender_person: null,
      recipients: [],
      created_at: '2026-05-20T10:00:00.000Z',
      is_read: true,
      folder_id: null,
      trashed_at: null,
      document_count: 0,
      delivery_status: 'delivered',
      invoice: null,
    },
    snippet: `Letter ${id}`,
    matched_in: 'subject',
  };
}

/** An upload hit for tests, found in its text. */
export function uploadHit(
  id: string,
  upload: Partial<UploadSearchHit['upload']> = {},
): UploadSearchHit {
  return {
    type: 'upload',
    upload: {
      id,
      account_id: 'a1',
      name: `Scan ${id}.pdf`,
      content_type: 'application/pdf',
      kind: 'pdf',
      size: 1_572_864,
      page_count: 1,
      text_status: 'extracted',
      text_failure: null,
      has_thumbnail: false,
      created_at: '2026-05-21T10:00:00.000Z',
      trashed_at: null,
      ...upload,
    },
    snippet: 'the \uE000lease\uE001 ends',
    matched_in: 'text',
  };
}
