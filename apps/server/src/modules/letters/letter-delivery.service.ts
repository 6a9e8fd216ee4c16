import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { DeliveryStatus, DocumentTextStatus } from '@kuvert/shared/letters';
import type { letterMetadataSchema } from '@kuvert/shared/sender-api';
import { newId } from '../../db/ids.ts';
import type {
  Database,
  LetterDocumentsTable,
  LetterRecipientsTable,
  LettersTable,
} from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { enqueueJobs, type NewJob } from '../../plugins/jobs.ts';
import { findPersonalAccountByEmail } from '../users/personal-mailbox.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { updateSearchIndexOfLetters } from '../../plugins/search-index.ts';
import { isValidIban, normaliseIban } from '@kuvert/shared/form-definition';
import {
  insertDocuments,
  insertLetters,
  insertRecipients,
  refreshDeliveryStatus,
} from './letter-delivery.repository.ts';
import { DOCUMENT_EXTRACT_JOB, LETTER_NOTIFY_JOB } from './letter-job-types.ts';
import { LETTER_ARRIVED_JOB } from './letter-arrival-jobs.ts';

/*
 * How a letter arrives in a mailbox, the one way for every path: the Sender API and the demo
 * (`deliverLetter`, and the signatures area's `deliverSignatureRequest` on top of it), a
 * composed letter, a reply and a mail merge (the outbox's `writeOutboundLetters`). All of them
 * write through `writeLetters` (the row, its documents, the text-reading jobs with their retry
 * limit, the new-letter notice and the arrival job, the search entry) and announce through `announceArrivedLetters`
 * (the live event, after the commit).
 */

export type ParsedLetterMetadata = z.output<typeof letterMetadataSchema>;

/** A document already safe in the DocumentStore, to be attached to the letter. */
export interface StoredLetterDocument {
  key: string;
  size: number;
  filename: string;
  contentType: string;
  /** Known once a PDF was inspected in the processing pool. */
  pageCount: number | null;
  /** Set once inspected; an encrypted PDF cannot be asked to be signed (no sealed copy). */
  isEncrypted?: boolean;
}

/** Text already read from a document's bytes (documents are stored by content). */
export interface KnownText {
  text: string;
  pageCount: number | null;
}

/** One letter to write into a mailbox: its row and the documents that go with it. */
export interface LetterToWrite {
  row: Insertable<LettersTable>;
  documents: readonly StoredLetterDocument[];
  /** A written letter's recipients, each with its delivery (the outbox's letters). */
  recipients?: readonly Insertable<LetterRecipientsTable>[];
  /** It lands unread in someone's mailbox: the new-letter notice is queued. */
  arrives: boolean;
}

/** A letter that arrived in a mailbox, announced after the commit. */
export interface ArrivedLetter {
  id: string;
  accountId: string;
  subject: string;
  senderName: string;
}

/**
 * A hostile document may stop its reader each time; three attempts tell a passing fault from a
 * document that does so, and then the letter says its text could not be read.
 */
const EXTRACT_MAX_ATTEMPTS = 3;
/** `letter.created` events per account for one write; beyond, one `letters.changed`. */
const ANNOUNCED_LETTERS_PER_ACCOUNT = 20;

/**
 * Writes the letters in the caller's transaction, in the order given: the rows, their
 * recipients, their documents (each PDF with a job to read its text, unless `knownTexts` has it already), the
 * new-letter notice of each letter that arrives, and the search entries of all. The statements
 * are multi-row: their number grows with the letters by hundreds, not one by one. Announce
 * the arrived ones with `announceArrivedLetters` after the commit.
 */
export async function writeLetters(
  app: Pick<FastifyInstance, 'clock' | 'engine' | 'searchIndex'>,
  trx: Kysely<Database>,
  letters: readonly LetterToWrite[],
  options: { nowIso: string; knownTexts?: ReadonlyMap<string, KnownText> },
): Promise<void> {
  const documentRows: Insertable<LetterDocumentsTable>[] = [];
  const jobs: NewJob[] = [];
  for (const letter of letters) {
    const rows = documentRowsOf(letter.row.id, letter.documents, options);
    documentRows.push(...rows);
    jobs.push(...rows.filter((row) => row.text_status === 'pending').map(textReadingJob));
    if (letter.arrives) {
      jobs.push({ type: LETTER_NOTIFY_JOB, payload: { letter_id: letter.row.id } });
      jobs.push({ type: LETTER_ARRIVED_JOB, payload: { letter_id: letter.row.id } });
    }
  }
  await insertLetters(
    trx,
    letters.map((letter) => letter.row),
  );
  // Before the search entries, which carry the recipients' names.
  await insertRecipients(
    trx,
    letters.flatMap((letter) => letter.recipients ?? []),
  );
  await insertDocuments(trx, documentRows);
  await enqueueJobs(trx, app.clock, jobs);
  await updateSearchIndexOfLetters(
    app,
    trx,
    letters.map((letter) => letter.row.id),
  );
}

function documentRowsOf(
  letterId: string,
  documents: readonly StoredLetterDocument[],
  options: { nowIso: string; knownTexts?: ReadonlyMap<string, KnownText> },
): Insertable<LetterDocumentsTable>[] {
  const { nowIso } = options;
  return documents.map((document, position) => {
    const known = options.knownTexts?.get(document.key);
    const isPdf = document.contentType === 'application/pdf';
    const textStatus: DocumentTextStatus = !isPdf
      ? 'not_applicable'
      : known
        ? 'extracted'
        : 'pending';
    return {
      id: newId(Date.parse(nowIso)),
      letter_id: letterId,
      position,
      filename: document.filename,
      content_type: document.contentType,
      size: document.size,
      storage_key: document.key,
      page_count: document.pageCount ?? known?.pageCount ?? null,
      text: known?.text ?? null,
      extracted_at: known ? nowIso : null,
      text_status: textStatus,
      text_failure: null,
      role: 'original',
      created_at: nowIso,
    };
  });
}

function textReadingJob(row: Insertable<LetterDocumentsTable>): NewJob {
  return {
    type: DOCUMENT_EXTRACT_JOB,
    payload: { document_id: row.id },
    maxAttempts: EXTRACT_MAX_ATTEMPTS,
  };
}

/**
 * After the commit: every mailbox sees its new letters arrive (`letter.created` with the
 * sender's name); many at once to one account (a mail merge's copies) become one
 * `letters.changed`.
 */
export async function announceArrivedLetters(
  app: FastifyInstance,
  arrived: readonly ArrivedLetter[],
): Promise<void> {
  const byAccount = new Map<string, ArrivedLetter[]>();
  for (const letter of arrived) {
    const letters = byAccount.get(letter.accountId) ?? [];
    letters.push(letter);
    byAccount.set(letter.accountId, letters);
  }
  for (const [accountId, letters] of byAccount) {
    if (letters.length > ANNOUNCED_LETTERS_PER_ACCOUNT) {
      await publishLiveEvent(app, { type: 'letters.changed', account_id: accountId });
      continue;
    }
    for (const letter of letters) {
      await publishLiveEvent(app, {
        type: 'letter.created',
        account_id: accountId,
        letter_id: letter.id,
        subject: letter.subject,
        sender_name: letter.senderName,
      });
    }
  }
}

/**
 * Brings each letter's `delivery_status` (and failure reason) in line with its recipients'
 * (`overallDeliveryStatus`). Call it in the transaction that moved recipients' statuses (the
 * print channel: printed, sent, failed).
 */
export async function refreshLetterDeliveryStatus(
  trx: Kysely<Database>,
  letterIds: readonly string[],
): Promise<void> {
  await refreshDeliveryStatus(trx, [...new Set(letterIds)]);
}

// From a provider: the Sender API and the demo ---------------------------------------------

export interface DeliveryResult {
  id: string;
  accountId: string;
  status: DeliveryStatus;
}

/** The recipient's personal mailbox, where a provider's letter lands. */
export interface DeliveryRecipient {
  email: string;
  userId: string;
  accountId: string;
}

/** A copy of the letter in one mailbox. */
export interface LetterCopy {
  id: string;
  accountId: string;
}

/**
 * A signature request's part of a delivery (see the signatures area's
 * `deliverSignatureRequest`): the other signers' mailboxes get a copy each, every copy names
 * the request, and its rows are written with the letters.
 */
export interface SignatureRequestDelivery {
  requestId: string;
  /** Accounts beyond the recipient's that get a copy of their own, in order. */
  moreAccountIds: readonly string[];
  /**
   * Writes the request in the delivery's transaction. `letterId` is the recipient's copy, the
   * one the provider knows; `copies` are all, the recipient's first.
   */
  write: (trx: Kysely<Database>, letterId: string, copies: readonly LetterCopy[]) => Promise<void>;
}

export interface DeliveryOptions {
  /** More writes that must commit or fail with the letter (the Sender API's idempotency row). */
  withinTransaction?: (trx: Kysely<Database>, result: DeliveryResult) => Promise<void>;
  /** Backdates the letter; only the demo's history uses it, the Sender API never does. */
  deliveredAt?: Date;
  /** Given by `deliverSignatureRequest`; asked once the recipient is known. */
  signatureRequest?: (recipient: DeliveryRecipient, now: Date) => Promise<SignatureRequestDelivery>;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path, message }] });
}

/** Rules the schema cannot express: what each kind needs. */
function assertKindDetails(metadata: ParsedLetterMetadata): void {
  if (metadata.kind === 'invoice') {
    if (!metadata.invoice) throw invalid('metadata.invoice', 'An invoice needs invoice details');
    if (!isValidIban(metadata.invoice.iban)) {
      throw invalid('metadata.invoice.iban', 'Not a valid IBAN (check digits do not match)');
    }
  }
  if (metadata.kind === 'signature_request' && !metadata.signature) {
    throw invalid('metadata.signature', 'A signature request needs signature details');
  }
}

/**
 * Delivers a letter from a provider into the recipient's personal mailbox: the one path for
 * the Sender API and the demo. The letter, its documents, the text-extraction and notice
 * jobs and the search entry commit together; the live event follows the commit.
 */
export async function deliverLetter(
  app: FastifyInstance,
  provider: { id: string; name: string },
  metadata: ParsedLetterMetadata,
  documents: StoredLetterDocument[],
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  assertKindDetails(metadata);
  if (documents.length === 0) throw invalid('document', 'At least one document is needed');
  const found = await findPersonalAccountByEmail(app.db, metadata.recipient.email);
  if (!found) {
    throw new AppError('RECIPIENT_UNKNOWN', {
      message: `No Kuvert user has the e-mail address ${metadata.recipient.email}.`,
      details: [{ path: 'metadata.recipient.email', message: 'No Kuvert user has this address' }],
    });
  }
  const recipient = { email: metadata.recipient.email, ...found };
  const now = options.deliveredAt ?? app.clock.now();
  const request = await options.signatureRequest?.(recipient, now);
  const nowIso = now.toISOString();
  const result: DeliveryResult = {
    id: newId(now.getTime()),
    accountId: recipient.accountId,
    status: 'delivered',
  };
  // A signature request puts a copy in every signer's own mailbox; the recipient's is the
  // one the provider gets the id of.
  const copies: LetterCopy[] = [
    { id: result.id, accountId: recipient.accountId },
    ...(request?.moreAccountIds ?? []).map((accountId) => ({
      id: newId(now.getTime()),
      accountId,
    })),
  ];

  await app.db.transaction().execute(async (trx) => {
    await writeLetters(
      app,
      trx,
      copies.map((copy) => ({
        row: providerLetterRow(metadata, {
          ...copy,
          providerId: provider.id,
          signatureRequestId: request?.requestId ?? null,
          nowIso,
        }),
        documents,
        arrives: true,
      })),
      { nowIso },
    );
    await request?.write(trx, result.id, copies);
    await options.withinTransaction?.(trx, result);
  });

  await announceArrivedLetters(
    app,
    copies.map((copy) => ({ ...copy, subject: metadata.subject, senderName: provider.name })),
  );
  return result;
}

/** A provider's letter as one mailbox's row. */
function providerLetterRow(
  metadata: ParsedLetterMetadata,
  copy: LetterCopy & { providerId: string; signatureRequestId: string | null; nowIso: string },
): Insertable<LettersTable> {
  const invoice = metadata.kind === 'invoice' ? metadata.invoice : undefined;
  return {
    id: copy.id,
    account_id: copy.accountId,
    provider_id: copy.providerId,
    direction: 'inbound',
    kind: metadata.kind,
    subject: metadata.subject,
    body: metadata.body,
    external_id: metadata.external_id ?? null,
    recipient_email: metadata.recipient.email,
    in_reply_to: null,
    delivery_status: 'delivered',
    delivery_failure_reason: null,
    read_at: null,
    folder_id: null,
    trashed_at: null,
    created_by_user_id: null,
    invoice_amount: invoice?.amount ?? null,
    invoice_currency: invoice?.currency ?? null,
    invoice_due_date: invoice?.due_date ?? null,
    invoice_iban: invoice ? normaliseIban(invoice.iban) : null,
    invoice_bic: invoice?.bic ?? null,
    invoice_reference: invoice?.reference ?? null,
    invoice_status: invoice ? 'open' : null,
    signature_due_date:
      metadata.kind === 'signature_request' ? (metadata.signature?.due_date ?? null) : null,
    signature_request_id: copy.signatureRequestId,
    // Every copy links to the form: each signer may fill it out.
    form_id: metadata.form_id ?? null,
    created_at: copy.nowIso,
  };
}
