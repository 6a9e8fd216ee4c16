import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { overallDeliveryStatus, type DeliveryStatus } from '@kuvert/shared/letters';
import {
  printLanguageFor,
  type PrintLanguageChoice,
  type RecipientChannel,
} from '@kuvert/shared/outbox';
import { newId } from '../../db/ids.ts';
import type { Database, LetterRecipientsTable, LettersTable } from '../../db/schema.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import {
  announceArrivedLetters,
  writeLetters,
  type ArrivedLetter,
  type KnownText,
  type LetterToWrite,
} from '../letters/letter-delivery.service.ts';
import { findKnownDocumentTexts } from '../letters/letter-recipient-lookups.service.ts';
import { queuePrintRendering } from '../postal/print-queue.ts';
import { enqueueWebhooks } from '../providers/provider-webhooks.service.ts';
import { findKnownUploadTexts } from '../uploads/upload-lookups.service.ts';
import type {
  OutboundDocument,
  OutboundSender,
  ResolvedRecipient,
} from './outbound-letters.service.ts';

/** One letter to write. */
export interface OutboundLetter {
  /** Preassigned id (a mail merge's row keeps it); a new one otherwise. */
  id?: string;
  sender: OutboundSender;
  subject: string;
  body: string;
  /** The same documents go with every recipient (Kuvert copies share them by key). */
  documents: readonly OutboundDocument[];
  recipients: readonly ResolvedRecipient[];
  /** The letter of the account this one answers. */
  inReplyTo?: string | null;
  /** A reply to a provider's letter names the provider on the letter itself. */
  providerId?: string | null;
  mailMergeId?: string | null;
  /** The language of its printed letters; by each postal recipient's country when not given. */
  printLanguage?: PrintLanguageChoice;
}

export interface WrittenRecipient {
  id: string;
  channel: RecipientChannel;
  status: DeliveryStatus;
  /** kuvert: the recipient's own copy. */
  deliveredLetterId: string | null;
}

export interface WrittenLetter {
  id: string;
  accountId: string;
  subject: string;
  deliveryStatus: DeliveryStatus;
  recipients: WrittenRecipient[];
}

/** What `writeOutboundLetters` wrote, in the order given; pass it to `announceOutboundLetters`. */
export interface WrittenOutboundLetters {
  letters: WrittenLetter[];
  /** The copies in Kuvert users' inboxes, announced after the commit. */
  deliveredCopies: ArrivedLetter[];
}

type MessageReceived = { providerId: string; type: 'message.received'; data: unknown };

/** Everything one letter's delivery to one recipient writes and announces. */
interface RecipientDelivery {
  row: Insertable<LetterRecipientsTable>;
  written: WrittenRecipient;
  /** kuvert: the copy in their inbox. */
  copy?: LetterToWrite;
  arrived?: ArrivedLetter;
  /** provider: the webhook that tells them. */
  webhook?: MessageReceived;
  /** postal: the recipient whose letter is to be printed. */
  printRecipientId?: string;
}

/** One outbound letter as it is written: the sender's letter first, then the copies. */
interface PlannedLetter {
  letters: LetterToWrite[];
  written: WrittenLetter;
  arrived: ArrivedLetter[];
  webhooks: MessageReceived[];
  printRecipientIds: string[];
}

/**
 * Writes the letters in the caller's transaction: each outbound letter with its documents and
 * recipients, a copy in every Kuvert recipient's inbox (documents shared by key), all through
 * the letters area's `writeLetters` (the jobs, the new-letter notice, the search entries);
 * then `message.received` for provider recipients and print rendering for postal ones. The
 * statements are multi-row: their number grows with the letters by hundreds, not one by one.
 * Call `announceOutboundLetters` after the commit.
 */
export async function writeOutboundLetters(
  app: Pick<FastifyInstance, 'clock' | 'engine' | 'searchIndex'>,
  trx: Kysely<Database>,
  letters: readonly OutboundLetter[],
  nowIso: string,
): Promise<WrittenOutboundLetters> {
  const knownTexts = await findTextsAlreadyRead(trx, letters);
  const planned = letters.map((letter) => planOutboundLetter(letter, nowIso));
  await writeLetters(
    app,
    trx,
    planned.flatMap((letter) => letter.letters),
    { nowIso, knownTexts },
  );
  await enqueueWebhooks(
    app,
    trx,
    planned.flatMap((letter) => letter.webhooks),
  );
  await queuePrintRendering(
    app,
    trx,
    planned.flatMap((letter) => letter.printRecipientIds),
  );
  return {
    letters: planned.map((letter) => letter.written),
    deliveredCopies: planned.flatMap((letter) => letter.arrived),
  };
}

/** Uploads were read when they arrived: their text goes with the letter, no reading again. */
async function findTextsAlreadyRead(
  trx: Kysely<Database>,
  letters: readonly OutboundLetter[],
): Promise<Map<string, KnownText>> {
  const pdfKeys = new Set<string>();
  for (const letter of letters) {
    for (const document of letter.documents) {
      if (document.contentType === 'application/pdf') pdfKeys.add(document.key);
    }
  }
  const keys = [...pdfKeys];
  // Letters' documents first, then uploads: the first text found for a key is kept.
  const found = [
    ...(await findKnownDocumentTexts(trx, keys)),
    ...(await findKnownUploadTexts(trx, keys)),
  ];
  const known = new Map<string, KnownText>();
  for (const { storageKey, text, pageCount } of found) {
    if (storageKey && !known.has(storageKey)) known.set(storageKey, { text, pageCount });
  }
  return known;
}

/** The sender's letter with its recipients, and what each recipient's delivery needs. */
function planOutboundLetter(letter: OutboundLetter, nowIso: string): PlannedLetter {
  const letterId = letter.id ?? newId(Date.parse(nowIso));
  const deliveries = letter.recipients.map((recipient, position) =>
    planRecipientDelivery(letter, letterId, recipient, position, nowIso),
  );
  const recipients = deliveries.map((delivery) => delivery.written);
  const deliveryStatus = overallDeliveryStatus(recipients.map((recipient) => recipient.status));
  const { sender } = letter;
  const sent: LetterToWrite = {
    row: {
      ...sharedColumns(letter, letterId, nowIso),
      account_id: sender.accountId,
      provider_id: letter.providerId ?? null,
      direction: 'outbound',
      recipient_email: null,
      in_reply_to: letter.inReplyTo ?? null,
      delivery_status: deliveryStatus,
      read_at: nowIso,
      created_by_user_id: sender.userId,
      mail_merge_id: letter.mailMergeId ?? null,
    },
    documents: letter.documents,
    recipients: deliveries.map((delivery) => delivery.row),
    arrives: false,
  };
  return {
    // The outbound letter goes first: its rowid and id come before its copies'.
    letters: [sent, ...deliveries.flatMap((delivery) => (delivery.copy ? [delivery.copy] : []))],
    written: {
      id: letterId,
      accountId: sender.accountId,
      subject: letter.subject,
      deliveryStatus,
      recipients,
    },
    arrived: deliveries.flatMap((delivery) => (delivery.arrived ? [delivery.arrived] : [])),
    webhooks: deliveries.flatMap((delivery) => (delivery.webhook ? [delivery.webhook] : [])),
    printRecipientIds: deliveries.flatMap((delivery) =>
      delivery.printRecipientId ? [delivery.printRecipientId] : [],
    ),
  };
}

function initialStatus(channel: RecipientChannel): DeliveryStatus {
  return channel === 'postal' ? 'queued' : 'delivered';
}

const NO_ADDRESS = {
  organisation: null,
  street: null,
  postcode: null,
  city: null,
  country: null,
};

/** One recipient: to a provider by webhook, to a Kuvert user as a copy, by post printed. */
function planRecipientDelivery(
  letter: OutboundLetter,
  letterId: string,
  recipient: ResolvedRecipient,
  position: number,
  nowIso: string,
): RecipientDelivery {
  const id = newId(Date.parse(nowIso));
  const status = initialStatus(recipient.channel);
  const base = {
    id,
    letter_id: letterId,
    position,
    channel: recipient.channel,
    contact_id: recipient.contactId,
    status,
    failure_reason: null,
    print_storage_key: null,
    print_page_count: null,
    print_batch_id: null,
    delivered_at: status === 'delivered' ? nowIso : null,
    printed_at: null,
    sent_at: null,
    failed_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  };
  switch (recipient.channel) {
    case 'provider':
      return {
        row: {
          ...base,
          ...NO_ADDRESS,
          provider_id: recipient.providerId,
          email: null,
          user_id: null,
          delivered_letter_id: null,
          name: recipient.name,
        },
        written: { id, channel: 'provider', status, deliveredLetterId: null },
        webhook: {
          providerId: recipient.providerId,
          type: 'message.received',
          data: {
            message_id: letterId,
            in_reply_to: letter.inReplyTo ?? null,
            subject: letter.subject,
          },
        },
      };
    case 'kuvert': {
      const copyId = newId(Date.parse(nowIso));
      const { sender } = letter;
      return {
        row: {
          ...base,
          ...NO_ADDRESS,
          provider_id: null,
          email: recipient.email,
          user_id: recipient.userId,
          delivered_letter_id: copyId,
          name: recipient.name,
        },
        written: { id, channel: 'kuvert', status, deliveredLetterId: copyId },
        copy: {
          row: {
            ...sharedColumns(letter, copyId, nowIso),
            account_id: recipient.accountId,
            provider_id: null,
            direction: 'inbound',
            recipient_email: recipient.email,
            in_reply_to: recipient.copyInReplyTo ?? null,
            read_at: null,
            created_by_user_id: null,
            sender_user_id: sender.userId,
            sender_name: sender.name,
            sender_email: sender.email,
            mail_merge_id: null,
          },
          documents: letter.documents,
          arrives: true,
        },
        arrived: {
          id: copyId,
          accountId: recipient.accountId,
          subject: letter.subject,
          senderName: sender.name,
        },
      };
    }
    case 'postal': {
      const { address } = recipient;
      return {
        row: {
          ...base,
          provider_id: null,
          email: null,
          user_id: null,
          delivered_letter_id: null,
          name: address.name,
          organisation: address.organisation,
          street: address.street,
          postcode: address.postcode,
          city: address.city,
          country: address.country,
          print_language: printLanguageFor(letter.printLanguage, address.country),
        },
        written: { id, channel: 'postal', status, deliveredLetterId: null },
        printRecipientId: id,
      };
    }
  }
}

/** The columns a letter and its copies share. */
function sharedColumns(letter: OutboundLetter, id: string, nowIso: string) {
  return {
    id,
    kind: 'letter',
    subject: letter.subject,
    body: letter.body,
    external_id: null,
    delivery_status: 'delivered',
    delivery_failure_reason: null,
    folder_id: null,
    trashed_at: null,
    invoice_amount: null,
    invoice_currency: null,
    invoice_due_date: null,
    invoice_iban: null,
    invoice_bic: null,
    invoice_reference: null,
    signature_due_date: null,
    created_at: nowIso,
  } satisfies Partial<Insertable<LettersTable>>;
}

/**
 * After the commit: the sending accounts' lists refresh, and every Kuvert recipient sees the
 * new letter arrive (`letter.created` with the sender's name; a mail merge's many copies to one
 * account become one `letters.changed`).
 */
export async function announceOutboundLetters(
  app: FastifyInstance,
  written: WrittenOutboundLetters,
): Promise<void> {
  const senders = new Set(written.letters.map((letter) => letter.accountId));
  for (const accountId of senders) {
    await publishLiveEvent(app, { type: 'letters.changed', account_id: accountId });
  }
  await announceArrivedLetters(app, written.deliveredCopies);
}
