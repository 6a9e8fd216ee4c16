import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findDocumentsOfLetter, findLetterById } from './letters.repository.ts';

/** What forwarding a letter by e-mail needs to know of it, without its body or bank details. */
export interface LetterToForward {
  id: string;
  accountId: string;
  providerId: string | null;
  senderName: string | null;
  kind: string;
  subject: string;
  /** Set on a signature request's copies: its documents wait for a signature. */
  signatureRequestId: string | null;
  createdAt: string;
  trashed: boolean;
  documents: Array<{ filename: string; contentType: string; size: number; storageKey: string }>;
}

/** The letter by its id, for a job that already knows it arrived (no caller to check). */
export async function findLetterToForward(
  db: Kysely<Database>,
  letterId: string,
): Promise<LetterToForward | undefined> {
  const letter = await findLetterById(db, letterId);
  if (!letter) return undefined;
  const documents = await findDocumentsOfLetter(db, letterId);
  return {
    id: letter.id,
    accountId: letter.account_id,
    providerId: letter.provider_id,
    senderName: letter.sender_name,
    kind: letter.kind,
    subject: letter.subject,
    signatureRequestId: letter.signature_request_id,
    createdAt: new Date(letter.created_at).toISOString(),
    trashed: letter.trashed_at !== null,
    documents: documents
      .filter((document) => document.role === 'original')
      .map((document) => ({
        filename: document.filename,
        contentType: document.content_type,
        size: document.size,
        storageKey: document.storage_key,
      })),
  };
}
