import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postalAddressLines, returnLine, type CountryCode } from '@kuvert/shared/postal';
import {
  PRINTABLE_ATTACHMENT_TYPES,
  printLanguageFor,
  type PrintLanguage,
} from '@kuvert/shared/outbox';
import { languageSchema } from '@kuvert/shared/auth';
import { localeOf } from '../../lib/locale.ts';
import { PermanentJobError } from '../../plugins/jobs.ts';
import {
  ProcessingError,
  type PrintAttachmentType,
} from '../../plugins/processing/document-processing.ts';
import { countryName } from '@kuvert/shared/postal';
import type { PostalChannel } from './postal-channel.ts';
import {
  findLetterAttachments,
  findLetterToPrintRow,
  findRecipientsToRender,
  markRecipientRendered,
  type RecipientRow,
} from '../letters/postal-recipients.service.ts';
import { findUserContact, type UserContact } from '../users/user-contact.service.ts';
import { refreshLetterDeliveryStatus } from '../letters/letter-delivery.service.ts';
import { announceLetterChanges, failPostalRecipients } from './postal-status.service.ts';
import { PRINT_RENDER_JOB } from './print-queue.ts';

/** A print PDF with its attachments stays below this (the pool's page limit comes first). */
const PRINT_PDF_MAX_BYTES = 512 * 1024 * 1024;

const payloadSchema = z.object({ recipient_ids: z.array(z.string()).max(500) });

/** The page label of a printed letter (exported for the test that none is left in English). */
export const printPageLabels: Record<PrintLanguage, string> = {
  en: 'Page {page} of {pages}',
  de: 'Seite {page} von {pages}',
  sv: 'Sida {page} av {pages}',
  da: 'Side {page} af {pages}',
  nb: 'Side {page} av {pages}',
};

/** A recipient that cannot be printed, with the reason its sender reads. */
class NotPrintable extends Error {}

/** The letter with its writer (undefined when the user is gone). */
async function findLetterToPrint(app: FastifyInstance, letterId: string) {
  const letter = await findLetterToPrintRow(app.db, letterId);
  if (!letter) return undefined;
  const writer =
    letter.created_by_user_id === null
      ? undefined
      : await findUserContact(app.db, letter.created_by_user_id);
  return { ...letter, writer };
}

function senderOf(writer: UserContact | undefined) {
  const street = writer?.address_street ?? null;
  const postcode = writer?.address_postcode ?? null;
  const city = writer?.address_city ?? null;
  const country = writer?.address_country ?? null;
  if (street === null || postcode === null || city === null || country === null) {
    throw new NotPrintable(
      'The sender has no postal address for the return line; add it in the profile and send again.',
    );
  }
  const language = languageSchema.catch('en').parse(writer?.language);
  const name =
    `${writer?.first_name ?? ''} ${writer?.last_name ?? ''}`.trim() || (writer?.email ?? '');
  return { name, street, postcode, city, country, language };
}

function addressOf(recipient: RecipientRow) {
  const { street, postcode, city, country } = recipient;
  if (street === null || postcode === null || city === null || country === null) {
    throw new NotPrintable('The recipient has no complete postal address.');
  }
  return {
    name: recipient.name,
    organisation: recipient.organisation ?? '',
    street,
    postcode,
    city,
    country: country satisfies CountryCode,
  };
}

function isPrintable(type: string): type is PrintAttachmentType {
  return PRINTABLE_ATTACHMENT_TYPES.some((printable) => printable === type);
}

async function renderOne(
  app: FastifyInstance,
  channel: PostalChannel,
  recipient: RecipientRow,
): Promise<void> {
  const letter = await findLetterToPrint(app, recipient.letter_id);
  if (!letter) return;
  const sender = senderOf(letter.writer);
  const address = addressOf(recipient);
  // The letter speaks the recipient's language; the address stays in the sender's (postal rules).
  const language = printLanguageFor(recipient.print_language, address.country);
  const attachments = [];
  for (const document of await findLetterAttachments(app.db, letter.id)) {
    if (!isPrintable(document.content_type)) {
      throw new NotPrintable(`${document.filename} cannot be printed (only PDF, PNG and JPEG).`);
    }
    attachments.push({
      filename: document.filename,
      contentType: document.content_type,
      bytes: new Uint8Array(await app.documents.read(document.storage_key)),
    });
  }
  const sentAt = new Date(letter.created_at);
  const printed = await app.processing.printLetter({
    senderLines: [
      sender.name,
      sender.street,
      `${sender.postcode} ${sender.city}`,
      countryName(sender.country, language),
    ],
    returnLine: returnLine(sender.name, sender),
    addressLines: postalAddressLines(address, sender),
    date: new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: 'long',
      timeZone: app.config.timeZone,
    }).format(sentAt),
    subject: letter.subject,
    body: letter.body,
    pageLabel: printPageLabels[language],
    attachments,
    createdAt: letter.created_at,
  });
  const stored = await app.documents.put(Buffer.from(printed.bytes), {
    maxBytes: PRINT_PDF_MAX_BYTES,
  });
  const now = app.clock.now().toISOString();
  const isHandedOver = await app.db.transaction().execute(async (trx) => {
    // Failed or rendered by another run in the meantime: nothing to hand over.
    const rendered = await markRecipientRendered(trx, recipient.id, {
      storageKey: stored.key,
      pageCount: printed.pageCount,
      now,
    });
    if (!rendered) return false;
    await channel.submit(
      trx,
      {
        id: rendered.id,
        letterId: rendered.letter_id,
        storageKey: stored.key,
        pageCount: printed.pageCount,
      },
      now,
    );
    await refreshLetterDeliveryStatus(trx, [rendered.letter_id]);
    return true;
  });
  if (isHandedOver) await announceLetterChanges(app, [recipient.letter_id]);
}

/** Why a recipient failed, in words for its sender. */
function reasonFor(error: unknown): string | undefined {
  if (error instanceof NotPrintable) return error.message;
  if (!(error instanceof ProcessingError)) return undefined;
  const detail = error.message.trim();
  switch (error.reason) {
    case 'too_many_pages':
      return `The letter is too long to print: ${detail}`;
    case 'too_much_data':
      return `An attachment is too large to print: ${detail}`;
    case 'timeout':
    case 'memory':
    case 'crashed':
      return 'An attachment could not be printed: it took too much time or memory to read.';
    case 'unreadable':
      return `An attachment could not be printed: ${detail}`;
  }
}

/**
 * Job `postal.render`: each recipient's letter rendered in the processing pool, stored in the
 * document store and handed to the postal channel. What the document is to blame for fails
 * the recipient at once with a reason; anything else (the store, the database) is tried again,
 * and recipients already rendered are not rendered twice.
 */
async function renderRecipients(
  app: FastifyInstance,
  channel: PostalChannel,
  payload: unknown,
): Promise<void> {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  for (const recipient of await findRecipientsToRender(app.db, parsed.data.recipient_ids)) {
    try {
      await renderOne(app, channel, recipient);
    } catch (error) {
      const reason = reasonFor(error);
      if (reason === undefined) throw error;
      app.log.warn({ recipientId: recipient.id, reason }, 'postal letter not printable');
      await failPostalRecipients(app, [recipient.id], reason);
    }
  }
}

export function registerPrintRendering(app: FastifyInstance, channel: PostalChannel): void {
  app.jobs.register(PRINT_RENDER_JOB, (payload) => renderRecipients(app, channel, payload), {
    // Its attempts are spent: whoever is still waiting hears why.
    onGiveUp: async (payload, error) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const waiting = await findRecipientsToRender(app.db, parsed.data.recipient_ids);
      app.log.error({ error }, 'postal letters not rendered');
      await failPostalRecipients(
        app,
        waiting.map((recipient) => recipient.id),
        'The letter could not be prepared for printing. Please send it again later.',
      );
    },
  });
}
