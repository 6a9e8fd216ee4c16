import {
  deliveryStatuses,
  letterKinds,
  type LetterActivity,
  type LetterActor,
  type LetterDetail,
  type LetterDocument,
  type LetterKind,
  type LetterSummary,
} from '@kuvert/shared/letters';
import type { LetterSignature } from '@kuvert/shared/signatures';
import type { DeliveryStatus } from '@kuvert/shared/letters';
import { isOverdue, presentInvoiceStatus } from '../invoices/invoice-status.ts';
import type { LetterRecipient, LetterRecipientSummary } from '@kuvert/shared/outbox';
import type {
  LetterDocumentRow,
  LetterRecipientRow,
  LetterRow,
  LetterSummaryRow,
} from './letters.repository.ts';

const EXCERPT_MAX_CHARS = 160;

/**
 * Whitespace that flattening changes: a run of two or more, or any one that is not a space.
 * Replacing `\s+` instead rewrites every single space, several times slower on a page of 50.
 */
const UNFLAT_WHITESPACE = /\s{2,}|[^\S ]/g;
// Set lookups, not zod: these run for every letter of every page.
const kinds: ReadonlySet<string> = new Set(letterKinds);
const statuses: ReadonlySet<string> = new Set(deliveryStatuses);

function isLetterKind(value: string): value is LetterKind {
  return kinds.has(value);
}

function isDeliveryStatus(value: string): value is DeliveryStatus {
  return statuses.has(value);
}

export function toKind(value: string): LetterKind {
  return isLetterKind(value) ? value : 'letter';
}

export function toDeliveryStatus(value: string): DeliveryStatus {
  return isDeliveryStatus(value) ? value : 'queued';
}

/** The first words of the body, cut at a word boundary, on one line. */
export function toExcerpt(body: string): string {
  const flat = body.replace(UNFLAT_WHITESPACE, ' ').trim();
  if (flat.length <= EXCERPT_MAX_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function toRecipientSummary(row: LetterRecipientRow): LetterRecipientSummary {
  return {
    id: row.id,
    channel: row.channel,
    name: row.name,
    status: toDeliveryStatus(row.status),
  };
}

/** When the recipient's status last changed. */
function statusAt(row: LetterRecipientRow): string {
  switch (row.status) {
    case 'failed':
      return row.failed_at ?? row.updated_at;
    case 'sent':
      return row.sent_at ?? row.updated_at;
    case 'printed':
      return row.printed_at ?? row.updated_at;
    case 'delivered':
      return row.delivered_at ?? row.updated_at;
    default:
      return row.created_at;
  }
}

export function toLetterRecipient(row: LetterRecipientRow): LetterRecipient {
  const isPostal =
    row.channel === 'postal' &&
    row.street !== null &&
    row.postcode !== null &&
    row.city !== null &&
    row.country !== null;
  return {
    ...toRecipientSummary(row),
    email: row.email,
    provider_id: row.provider_id,
    address: isPostal
      ? {
          name: row.name,
          organisation: row.organisation ?? '',
          street: row.street ?? '',
          postcode: row.postcode ?? '',
          city: row.city ?? '',
          country: row.country ?? 'DE',
        }
      : null,
    failure_reason: row.failure_reason,
    print_language: isPostal ? row.print_language : null,
    has_print_pdf: row.print_storage_key !== null,
    status_at: statusAt(row),
  };
}

/**
 * `today` (invoice-status.ts todayOf) tells an open invoice from an overdue one; `recipients`
 * are the outbound letter's (findRecipientsByLetter, one query per page).
 */
export function toLetterSummary(
  row: LetterSummaryRow,
  today: string,
  recipients: readonly LetterRecipientRow[] = [],
): LetterSummary {
  const hasInvoice =
    row.invoice_amount !== null && row.invoice_currency !== null && row.invoice_due_date !== null;
  return {
    id: row.id,
    account_id: row.account_id,
    direction: row.direction,
    kind: toKind(row.kind),
    subject: row.subject,
    excerpt: toExcerpt(row.excerpt),
    provider:
      row.provider_id !== null && row.provider_name !== null
        ? {
            id: row.provider_id,
            name: row.provider_name,
            has_logo: row.provider_logo_key !== null,
            is_verified: row.provider_verified_at !== null,
          }
        : null,
    sender_person:
      row.direction === 'inbound' && row.sender_name !== null
        ? { name: row.sender_name, email: row.sender_email ?? '' }
        : null,
    recipients: recipients.map(toRecipientSummary),
    created_at: row.created_at,
    // What the user wrote themselves is never "unread".
    is_read: row.direction === 'outbound' || row.read_at !== null,
    folder_id: row.folder_id,
    trashed_at: row.trashed_at,
    document_count: Number(row.document_count ?? 0),
    delivery_status: toDeliveryStatus(row.delivery_status),
    invoice: hasInvoice
      ? {
          amount: Number(row.invoice_amount),
          currency: row.invoice_currency ?? '',
          due_date: row.invoice_due_date ?? '',
          status: presentInvoiceStatus(row.invoice_status, row.invoice_due_date ?? '', today),
          is_overdue: isOverdue(row.invoice_status, row.invoice_due_date ?? '', today),
        }
      : null,
  };
}

export function toLetterDocument(row: LetterDocumentRow): LetterDocument {
  return {
    id: row.id,
    role: row.role,
    filename: row.filename,
    content_type: row.content_type,
    size: Number(row.size),
    page_count: row.page_count,
    text_status: row.text_status,
    text_failure: row.text_failure,
  };
}

/** What the detail shows beside the letter's own rows. */
export interface LetterDetailExtras {
  signature: LetterSignature | null;
  /** Of the letter and its replies, by letter id. */
  recipients: ReadonlyMap<string, readonly LetterRecipientRow[]>;
  /** The provider's form the letter names (sender-forms.service getLetterForm). */
  form: LetterDetail['form'];
  /** The users who read or paid it, by id (users' findUserNames). */
  actors: ReadonlyMap<string, ActorName>;
  callerId: string;
}

export interface ActorName {
  first_name: string;
  last_name: string;
  email: string;
}

function toActor(
  userId: string | null,
  at: string | null,
  { actors, callerId }: Pick<LetterDetailExtras, 'actors' | 'callerId'>,
  dayOnly = false,
): LetterActor | null {
  if (userId === null || at === null) return null;
  // A user who is gone is not named.
  const user = actors.get(userId);
  if (!user) return null;
  return {
    name: `${user.first_name} ${user.last_name}`.trim() || user.email,
    is_you: userId === callerId,
    at: new Date(at).toISOString(),
    day_only: dayOnly,
  };
}

/**
 * Who read, paid and signed it: from the letter's own columns and its signers. Signed: the
 * signer whose copy this letter is, not the request's other signers (their own copies).
 */
export function toLetterActivity(
  letter: LetterRow,
  signature: LetterSignature | null,
  extras: Pick<LetterDetailExtras, 'actors' | 'callerId'>,
): LetterActivity {
  const isPaid = letter.invoice_status === 'paid';
  const signed = (signature?.signers ?? [])
    .flatMap((signer) =>
      signer.is_this_letter && signer.status === 'signed' && signer.signed_at !== null
        ? [{ name: signer.name, is_you: signer.is_me, at: signer.signed_at, day_only: false }]
        : [],
    )
    .toSorted((a, b) => a.at.localeCompare(b.at));
  return {
    read:
      letter.direction === 'inbound'
        ? toActor(letter.read_by_user_id, letter.read_at, extras)
        : null,
    paid: isPaid
      ? toActor(
          letter.invoice_paid_by_user_id,
          letter.invoice_paid_at,
          extras,
          letter.invoice_paid_via === 'elsewhere',
        )
      : null,
    signed,
  };
}

export function toLetterDetail(
  summary: LetterSummaryRow,
  letter: LetterRow,
  documents: LetterDocumentRow[],
  replies: LetterSummaryRow[],
  today: string,
  { signature, recipients, form, ...extras }: LetterDetailExtras,
): LetterDetail {
  const own = recipients.get(summary.id) ?? [];
  return {
    ...toLetterSummary(summary, today, own),
    body: letter.body,
    documents: documents.map(toLetterDocument),
    in_reply_to: letter.in_reply_to,
    read_at: letter.read_at,
    activity: toLetterActivity(letter, signature, extras),
    delivery_failure_reason: letter.delivery_failure_reason,
    replies: replies.map((reply) => toLetterSummary(reply, today, recipients.get(reply.id))),
    recipients: own.map(toLetterRecipient),
    signature,
    form,
  };
}
