import type {
  SenderLetterStatus,
  SenderMessage,
  SenderSignatureStatus,
} from '@kuvert/shared/sender-api';
import type { DocumentTextFailure, DocumentTextStatus } from '@kuvert/shared/letters';
import { toSenderInvoiceStatus, type SenderInvoiceRow } from '../invoices/invoices.presenter.ts';
import { toDeliveryStatus, toKind } from '../letters/letters.presenter.ts';
import type { DeliveredSubmission } from '../form-submissions/provider-submissions.service.ts';
import { parseJsonObject } from './sender-forms.presenter.ts';

/** A letter a user sent to the provider, with its author (if any) and account. */
export interface MessageRow {
  id: string;
  in_reply_to: string | null;
  subject: string;
  body: string;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  account_name: string;
}

interface LetterStatusRow extends SenderInvoiceRow {
  id: string;
  kind: string;
  subject: string;
  external_id: string | null;
  delivery_status: string;
  recipient_email: string | null;
  created_at: string;
  read_at: string | null;
}

interface DocumentRow {
  id: string;
  letter_id: string;
  filename: string;
  content_type: string;
  size: number;
  page_count: number | null;
  text_status: DocumentTextStatus;
  text_failure: DocumentTextFailure | null;
}

/** `today` (YYYY-MM-DD, the server's clock) tells an open invoice from an overdue one. */
export function toSenderLetterStatus(
  row: LetterStatusRow,
  documents: DocumentRow[],
  today: string,
  signature: SenderSignatureStatus | null = null,
): SenderLetterStatus {
  const status = toDeliveryStatus(row.delivery_status);
  return {
    id: row.id,
    kind: toKind(row.kind),
    subject: row.subject,
    external_id: row.external_id,
    status,
    recipient: { email: row.recipient_email ?? '' },
    created_at: row.created_at,
    // Digital delivery into a Kuvert mailbox happens the moment the letter is accepted.
    delivered_at: status === 'delivered' ? row.created_at : null,
    read_at: row.read_at,
    invoice: row.kind === 'invoice' ? toSenderInvoiceStatus(row, today) : null,
    signature,
    documents: documents.map((document) => ({
      id: document.id,
      filename: document.filename,
      size: Number(document.size),
      page_count: document.page_count,
      text_status: document.text_status,
      text_failure: document.text_failure,
    })),
  };
}

interface MessageDocumentRow {
  id: string;
  filename: string;
  content_type: string;
  size: number;
}

function toMessageDocuments(
  messageId: string,
  documents: readonly MessageDocumentRow[],
  baseUrl: string,
): SenderMessage['documents'] {
  return documents.map((document) => ({
    id: document.id,
    filename: document.filename,
    content_type: document.content_type,
    size: Number(document.size),
    url: `${baseUrl}/api/sender/v1/messages/${encodeURIComponent(messageId)}/documents/${encodeURIComponent(document.id)}`,
  }));
}

export function toSenderMessage(
  row: MessageRow,
  documents: readonly MessageDocumentRow[],
  baseUrl: string,
): SenderMessage {
  const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.account_name;
  return {
    id: row.id,
    type: 'letter',
    in_reply_to: row.in_reply_to,
    subject: row.subject,
    body: row.body,
    from: { name, email: row.email ?? '' },
    form: null,
    data: null,
    reference: null,
    created_at: row.created_at,
    documents: toMessageDocuments(row.id, documents, baseUrl),
  };
}

/** A form submission as a message: the answers in `data`, the receipt PDF first. */
export function toSubmissionMessage(
  row: DeliveredSubmission,
  documents: readonly MessageDocumentRow[],
  baseUrl: string,
): SenderMessage {
  return {
    id: row.id,
    type: 'form_submission',
    in_reply_to: null,
    subject: row.title,
    body: '',
    // An anonymous visitor who gave no address for a receipt is nobody in particular.
    from: { name: row.submitter_name ?? '', email: row.submitter_email ?? '' },
    form: { id: row.form_id, version: Number(row.form_version) },
    data: parseJsonObject(row.data),
    reference: row.reference,
    created_at: row.created_at,
    documents: toMessageDocuments(row.id, documents, baseUrl),
  };
}
