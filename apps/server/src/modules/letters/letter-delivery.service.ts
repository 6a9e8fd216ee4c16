import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DeliveryStatus, DocumentTextStatus } from '@kuvert/shared/letters';
import type { letterMetadataSchema } from '@kuvert/shared/sender-api';
import { newId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findPersonalAccountByEmail } from '../accounts/accounts.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { updateSearchIndex } from '../../plugins/search-index.ts';
import {
  insertSignatureRequestRows,
  resolveSigners,
} from '../signatures/signature-delivery.service.ts';
import { isValidIban, normaliseIban } from '@kuvert/shared/form-definition';
import { DOCUMENT_EXTRACT_JOB, LETTER_NOTIFY_JOB } from './letter-job-types.ts';
import { insertLetter, insertLetterDocuments } from './letters.repository.ts';

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

export interface DeliveryResult {
  id: string;
  accountId: string;
  status: DeliveryStatus;
}

export interface DeliveryOptions {
  /** More writes that must commit or fail with the letter (the Sender API's idempotency row). */
  withinTransaction?: (trx: Kysely<Database>, result: DeliveryResult) => Promise<void>;
  /** Backdates the letter; only the demo's history uses it, the Sender API never does. */
  deliveredAt?: Date;
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
  const recipient = await findPersonalAccountByEmail(app.db, metadata.recipient.email);
  if (!recipient) {
    throw new AppError('RECIPIENT_UNKNOWN', {
      message: `No Kuvert user has the e-mail address ${metadata.recipient.email}.`,
      details: [{ path: 'metadata.recipient.email', message: 'No Kuvert user has this address' }],
    });
  }
  const signature = metadata.kind === 'signature_request' ? metadata.signature : undefined;
  const signers = signature
    ? await resolveSigners(
        app,
        signature,
        { email: metadata.recipient.email, ...recipient },
        documents,
      )
    : [];
  const now = options.deliveredAt ?? app.clock.now();
  const nowIso = now.toISOString();
  const result: DeliveryResult = {
    id: newId(now.getTime()),
    accountId: recipient.accountId,
    status: 'delivered',
  };
  // A signature request puts a copy in every signer's own mailbox; the recipient's is the
  // one the provider gets the id of.
  const copies = [
    { id: result.id, accountId: recipient.accountId },
    ...signers
      .filter((signer) => signer.accountId !== recipient.accountId)
      .map((signer) => ({ id: newId(now.getTime()), accountId: signer.accountId })),
  ];
  const requestId = signature ? newId(now.getTime()) : null;

  await app.db.transaction().execute(async (trx) => {
    for (const copy of copies) {
      await insertLetterCopy(app, trx, {
        id: copy.id,
        accountId: copy.accountId,
        providerId: provider.id,
        metadata,
        signatureRequestId: requestId,
        documents,
        nowIso,
      });
    }
    if (signature && requestId) {
      await insertSignatureRequestRows(app, trx, {
        requestId,
        letterId: result.id,
        providerId: provider.id,
        dueDate: signature.due_date,
        signers: signers.map((signer) => ({
          ...signer,
          letterId: copies.find((copy) => copy.accountId === signer.accountId)?.id ?? result.id,
        })),
        nowIso,
      });
    }
    await options.withinTransaction?.(trx, result);
  });

  for (const copy of copies) {
    await publishLiveEvent(app, {
      type: 'letter.created',
      account_id: copy.accountId,
      letter_id: copy.id,
      subject: metadata.subject,
      sender_name: provider.name,
    });
  }
  return result;
}

/** One mailbox's letter with its documents, jobs and search entry. */
async function insertLetterCopy(
  app: FastifyInstance,
  trx: Kysely<Database>,
  copy: {
    id: string;
    accountId: string;
    providerId: string;
    metadata: ParsedLetterMetadata;
    signatureRequestId: string | null;
    documents: StoredLetterDocument[];
    nowIso: string;
  },
): Promise<void> {
  const { metadata } = copy;
  const invoice = metadata.kind === 'invoice' ? metadata.invoice : undefined;
  await insertLetter(trx, {
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
  });
  await insertDocumentsForReading(app, trx, copy.id, copy.documents, copy.nowIso);
  await app.jobs.enqueue(trx, { type: LETTER_NOTIFY_JOB, payload: { letter_id: copy.id } });
  await updateSearchIndex(app, trx, copy.id);
}

/**
 * A hostile document may stop its reader each time; three attempts tell a passing fault from a
 * document that does so, and then the letter says its text could not be read.
 */
const EXTRACT_MAX_ATTEMPTS = 3;

/** The letter's documents, each PDF with a job to read its text in the processing pool. */
export async function insertDocumentsForReading(
  app: FastifyInstance,
  trx: Kysely<Database>,
  letterId: string,
  documents: StoredLetterDocument[],
  nowIso: string,
): Promise<void> {
  const rows = documents.map((document, position) => {
    const textStatus: DocumentTextStatus =
      document.contentType === 'application/pdf' ? 'pending' : 'not_applicable';
    return {
      id: newId(Date.parse(nowIso)),
      letter_id: letterId,
      position,
      filename: document.filename,
      content_type: document.contentType,
      size: document.size,
      storage_key: document.key,
      page_count: document.pageCount,
      text: null,
      extracted_at: null,
      text_status: textStatus,
      text_failure: null,
      role: 'original' as const,
      created_at: nowIso,
    };
  });
  await insertLetterDocuments(trx, rows);
  for (const row of rows) {
    if (row.text_status !== 'pending') continue;
    await app.jobs.enqueue(trx, {
      type: DOCUMENT_EXTRACT_JOB,
      payload: { document_id: row.id },
      maxAttempts: EXTRACT_MAX_ATTEMPTS,
    });
  }
}
