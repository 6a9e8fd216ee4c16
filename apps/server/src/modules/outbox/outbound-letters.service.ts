import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { FieldIssue } from '@kuvert/shared/errors';
import {
  overallDeliveryStatus,
  type DeliveryStatus,
  type DocumentTextStatus,
} from '@kuvert/shared/letters';
import {
  PRINTABLE_ATTACHMENT_TYPES,
  printLanguageFor,
  type PrintLanguageChoice,
  type RecipientChannel,
  type recipientInputSchema,
} from '@kuvert/shared/outbox';
import {
  addressIssueKeys,
  postalAddressLines,
  postalAddressSchema,
  type CountryCode,
  type PostalAddress,
} from '@kuvert/shared/postal';
import { newId } from '../../db/ids.ts';
import type {
  Database,
  LetterDocumentsTable,
  LetterRecipientsTable,
  LettersTable,
} from '../../db/schema.ts';
import { linesTooWide } from '../../lib/address-window.ts';
import { AppError } from '../../plugins/app-error.ts';
import { translationOf } from '../../plugins/error-handler.ts';
import { enqueueJobs, type NewJob } from '../../plugins/jobs.ts';
import { assertRole } from '../accounts/accounts.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { DOCUMENT_EXTRACT_JOB, LETTER_NOTIFY_JOB } from '../letters/letter-job-types.ts';
import { queuePrintRendering } from '../postal/print-queue.ts';
import { enqueueWebhooks } from '../providers/provider-webhooks.service.ts';
import { updateSearchIndexOfLetters } from '../../plugins/search-index.ts';
import {
  findKnownTexts,
  findKuvertRecipients,
  findOutboundLetterOfCopy,
  findProvidersByIds,
  findSenderInAccount,
  insertDocuments,
  insertLetters,
  insertRecipients,
  refreshDeliveryStatus,
} from './outbox.repository.ts';

/*
 * Writing outbound letters: the one path for a composed letter, a reply and a mail merge.
 *
 *   const sender = await loadSender(app, userId, accountId);
 *   const recipients = await resolveRecipients(app, sender, request.recipients);
 *   const written = await app.db.transaction().execute((trx) =>
 *     writeOutboundLetters(app, trx, [{ sender, subject, body, documents, recipients }], nowIso));
 *   await announceOutboundLetters(app, written);
 *
 * `writeOutboundLetters` takes any number of letters and writes them in a fixed number of
 * multi-row statements per few hundred letters (no query per letter), so a mail merge writes a
 * chunk of its rows in one call.
 */

/** The member who sends, in the account that sends. */
export interface OutboundSender {
  accountId: string;
  userId: string;
  /** As the recipients see it: the user's full name. */
  name: string;
  email: string;
  /** The user's language: the country line of a foreign postal address is written in it. */
  language: string;
  /** The return line of printed letters; null when the profile has no postal address. */
  address: SenderAddress | null;
}

export interface SenderAddress {
  street: string;
  postcode: string;
  city: string;
  country: CountryCode;
}

/** A recipient whose channel was checked: the provider exists, the Kuvert user is known… */
export type ResolvedRecipient =
  | {
      channel: 'provider';
      providerId: string;
      /** The provider's name, as written on the letter. */
      name: string;
      contactId: string | null;
    }
  | {
      channel: 'kuvert';
      /** The address written to. */
      email: string;
      userId: string;
      /** The user's personal account: their copy lands in its inbox. */
      accountId: string;
      name: string;
      contactId: string | null;
      /**
       * Their copy answers this letter of theirs (a reply to a letter they wrote), so both
       * sides see one conversation.
       */
      copyInReplyTo?: string | null;
    }
  | { channel: 'postal'; address: PostalAddress; contactId: string | null };

/** A recipient as `sendLetterRequestSchema` parsed it. */
export type RecipientRequest = z.output<typeof recipientInputSchema>;

/** A document already in the DocumentStore (an upload of the account, checked). */
export interface OutboundDocument {
  key: string;
  size: number;
  filename: string;
  contentType: string;
  pageCount: number | null;
}

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

/** A copy in a Kuvert user's inbox, announced after the commit. */
export interface DeliveredCopy {
  id: string;
  accountId: string;
  subject: string;
  senderName: string;
}

/** What `writeOutboundLetters` wrote, in the order given; pass it to `announceOutboundLetters`. */
export interface WrittenOutboundLetters {
  letters: WrittenLetter[];
  deliveredCopies: DeliveredCopy[];
}

/** The outcome of resolving one recipient; see `resolveRecipientsEach`. */
export type RecipientResolution =
  | { ok: true; recipient: ResolvedRecipient }
  /** `isNoAccount`: a Kuvert address without an account, which is said only when nothing else is wrong. */
  | { ok: false; error: AppError; isNoAccount?: boolean };

const EXTRACT_MAX_ATTEMPTS = 3;
/** `letter.created` events per account for one write; beyond, one `letters.changed`. */
const ANNOUNCED_COPIES_PER_ACCOUNT = 20;

/**
 * The user as sender in the account: 404 when they are not a member (nobody learns that it
 * exists), 403 below member.
 */
export async function loadSender(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
  accountId: string,
): Promise<OutboundSender> {
  const row = await findSenderInAccount(app.db, userId, accountId);
  if (!row) throw new AppError('NOT_FOUND');
  assertRole(row.role, 'member');
  const { address_street, address_postcode, address_city, address_country } = row;
  return {
    accountId,
    userId,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    email: row.email,
    language: row.language,
    address:
      address_street && address_postcode && address_city && address_country
        ? {
            street: address_street,
            postcode: address_postcode,
            city: address_city,
            country: address_country,
          }
        : null,
  };
}

const pathOf = (index: number) => `recipients.${index}`;

function fieldError(
  code: 'VALIDATION_FAILED' | 'RECIPIENT_UNKNOWN',
  message: string,
  details: FieldIssue[],
): AppError {
  return new AppError(code, { message, details });
}

/**
 * Resolves every recipient, each on its own: one query for all providers, one for all Kuvert
 * addresses, whatever the count. A mail merge keeps the good rows and reports the bad ones;
 * `resolveRecipients` refuses the whole letter on the first bad one. Error `details[].path`s
 * start with `pathPrefix(index)` (default `recipients.{index}`).
 */
export async function resolveRecipientsEach(
  app: Pick<FastifyInstance, 'db'>,
  sender: OutboundSender,
  inputs: readonly RecipientRequest[],
  pathPrefix: (index: number) => string = pathOf,
): Promise<RecipientResolution[]> {
  const providerIds = [
    ...new Set(
      inputs.flatMap((input) => (input.channel === 'provider' ? [input.provider_id] : [])),
    ),
  ];
  const emails = [
    ...new Set(
      inputs.flatMap((input) =>
        input.channel === 'kuvert' ? [input.email.trim(), normaliseEmail(input.email)] : [],
      ),
    ),
  ];
  const providers = new Map(
    (await findProvidersByIds(app.db, providerIds)).map((row) => [row.id, row.name]),
  );
  // The oldest personal account of each user (as the Sender API delivers).
  const users = new Map<string, Awaited<ReturnType<typeof findKuvertRecipients>>[number]>();
  for (const row of await findKuvertRecipients(app.db, emails)) {
    const key = normaliseEmail(row.email);
    const known = users.get(key);
    if (!known || row.account_created_at < known.account_created_at) users.set(key, row);
  }

  return inputs.map((input, index): RecipientResolution => {
    const path = pathPrefix(index);
    switch (input.channel) {
      case 'provider': {
        const name = providers.get(input.provider_id);
        if (name === undefined) {
          return {
            ok: false,
            error: fieldError('RECIPIENT_UNKNOWN', 'There is no such provider on Kuvert.', [
              { path: `${path}.provider_id`, message: 'No such provider' },
            ]),
          };
        }
        return {
          ok: true,
          recipient: { channel: 'provider', providerId: input.provider_id, name, contactId: null },
        };
      }
      case 'kuvert': {
        const user = users.get(normaliseEmail(input.email));
        if (!user) {
          return {
            ok: false,
            isNoAccount: true,
            error: fieldError(
              'RECIPIENT_UNKNOWN',
              `No Kuvert user has the e-mail address ${input.email}.`,
              [{ path: `${path}.email`, message: 'No Kuvert user has this address' }],
            ),
          };
        }
        return {
          ok: true,
          recipient: {
            channel: 'kuvert',
            email: user.email,
            userId: user.user_id,
            accountId: user.account_id,
            name: `${user.first_name} ${user.last_name}`.trim() || user.email,
            contactId: input.contact_id ?? null,
          },
        };
      }
      case 'postal': {
        const checked = checkPostalAddress(sender, input.address, `${path}.address`);
        if (!checked.ok) return checked;
        return {
          ok: true,
          recipient: {
            channel: 'postal',
            address: checked.address,
            contactId: input.contact_id ?? null,
          },
        };
      }
    }
  });
}

/**
 * The recipients, or the first problem as one error with the details of every recipient that
 * has it. With `except: 'no account'`, a Kuvert address without an account is not yet a
 * problem: a caller checks what is the same for any address first, so that a refused letter
 * does not tell who has a Kuvert account unless nothing else was wrong.
 */
export function refuseRecipientProblems(
  resolutions: readonly RecipientResolution[],
  options: { except?: 'no account' } = {},
): ResolvedRecipient[] {
  const errors = resolutions.flatMap((resolution) =>
    resolution.ok || (options.except === 'no account' && resolution.isNoAccount)
      ? []
      : [resolution.error],
  );
  // Field problems of several recipients at once, so the page marks them all.
  const first = errors[0];
  if (first) {
    const details = new Map<string, unknown>();
    for (const error of errors) {
      if (error.code !== first.code || !Array.isArray(error.details)) continue;
      for (const detail of error.details) details.set(JSON.stringify(detail), detail);
    }
    throw new AppError(first.code, { message: first.message, details: [...details.values()] });
  }
  return resolutions.flatMap((resolution) => (resolution.ok ? [resolution.recipient] : []));
}

/**
 * All recipients of one letter, or the first problem: RECIPIENT_UNKNOWN (422) for an unknown
 * provider or Kuvert address, SENDER_ADDRESS_MISSING (422) when a postal recipient needs the
 * sender's return address, VALIDATION_FAILED (400) for a postal address that breaks a rule or
 * does not fit the window. `details[].path` names the recipient's field. A Kuvert address
 * without an account is named only when no other recipient has a problem.
 */
export async function resolveRecipients(
  app: Pick<FastifyInstance, 'db'>,
  sender: OutboundSender,
  inputs: readonly RecipientRequest[],
): Promise<ResolvedRecipient[]> {
  const resolutions = await resolveRecipientsEach(app, sender, inputs);
  refuseRecipientProblems(resolutions, { except: 'no account' });
  return refuseRecipientProblems(resolutions);
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The address fields each window line comes from, in `postalAddressLines`' order. */
function lineFields(address: PostalAddress, senderCountry: CountryCode): (keyof PostalAddress)[] {
  const fields = (['organisation', 'name', 'street'] as const).filter(
    (field) => address[field].trim() !== '',
  );
  return [...fields, 'city', ...(address.country === senderCountry ? [] : (['country'] as const))];
}

function checkPostalAddress(
  sender: OutboundSender,
  input: unknown,
  path: string,
): { ok: true; address: PostalAddress } | { ok: false; error: AppError } {
  if (!sender.address) {
    return {
      ok: false,
      error: new AppError('SENDER_ADDRESS_MISSING', {
        details: [{ path: 'profile.address', message: 'Add your postal address to your profile' }],
      }),
    };
  }
  const parsed = postalAddressSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      error: fieldError(
        'VALIDATION_FAILED',
        'The postal address is not valid.',
        parsed.error.issues.map((issue) => ({
          path: [path, ...issue.path.map(String)].join('.'),
          message: issue.message,
          ...translationOf(issue.code === 'custom' ? issue.params : undefined),
        })),
      ),
    };
  }
  const address = parsed.data;
  const lines = postalAddressLines(address, {
    country: sender.address.country,
    language: sender.language,
  });
  const fields = lineFields(address, sender.address.country);
  const tooWide = linesTooWide(lines);
  if (tooWide.length > 0) {
    return {
      ok: false,
      error: fieldError(
        'VALIDATION_FAILED',
        'A line of the address does not fit the envelope window.',
        tooWide.map((index) => ({
          path: `${path}.${fields[index] ?? 'name'}`,
          message: `Too long for the envelope window: “${lines[index] ?? ''}”`,
          i18n: addressIssueKeys.tooWide,
          values: { line: lines[index] ?? '' },
        })),
      ),
    };
  }
  return { ok: true, address };
}

/**
 * Printed letters carry only what prints (PDF, PNG, JPEG): 415 with `details[].path`
 * `upload_ids` otherwise.
 */
export function assertPrintable(
  documents: readonly OutboundDocument[],
  recipients: readonly ResolvedRecipient[],
): void {
  if (!recipients.some((recipient) => recipient.channel === 'postal')) return;
  const printable: readonly string[] = PRINTABLE_ATTACHMENT_TYPES;
  const refused = documents.filter((document) => !printable.includes(document.contentType));
  if (refused.length === 0) return;
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
    message: `“${refused[0]?.filename ?? ''}” cannot be printed: a letter by post carries PDFs, PNG and JPEG images.`,
    details: refused.map((document) => ({
      path: 'upload_ids',
      message: `“${document.filename}” cannot be printed`,
    })),
  });
}

function initialStatus(channel: RecipientChannel): DeliveryStatus {
  return channel === 'postal' ? 'queued' : 'delivered';
}

/**
 * Writes the letters in the caller's transaction: each outbound letter with its documents and
 * recipients, a copy in every Kuvert recipient's inbox (documents shared by key, the new-letter
 * notice queued), `message.received` for provider recipients, print rendering for postal ones,
 * and the search entries of all. The statements are multi-row: their number grows with the
 * letters by hundreds, not one by one. Call `announceOutboundLetters` after the commit.
 */
export async function writeOutboundLetters(
  app: Pick<FastifyInstance, 'clock' | 'engine' | 'searchIndex'>,
  trx: Kysely<Database>,
  letters: readonly OutboundLetter[],
  nowIso: string,
): Promise<WrittenOutboundLetters> {
  const nowMs = Date.parse(nowIso);
  const pdfKeys = new Set<string>();
  for (const letter of letters) {
    for (const document of letter.documents) {
      if (document.contentType === 'application/pdf') pdfKeys.add(document.key);
    }
  }
  // Uploads were read when they arrived: their text goes with the letter, no reading again.
  const knownTexts = await findKnownTexts(trx, [...pdfKeys]);

  const letterRows: Insertable<LettersTable>[] = [];
  const recipientRows: Insertable<LetterRecipientsTable>[] = [];
  const documentRows: Insertable<LetterDocumentsTable>[] = [];
  const jobs: NewJob[] = [];
  const webhooks: { providerId: string; type: 'message.received'; data: unknown }[] = [];
  const postalRecipientIds: string[] = [];
  const written: WrittenOutboundLetters = { letters: [], deliveredCopies: [] };

  const addDocuments = (letterId: string, documents: readonly OutboundDocument[]) => {
    documents.forEach((document, position) => {
      const known = knownTexts.get(document.key);
      const isPdf = document.contentType === 'application/pdf';
      const textStatus: DocumentTextStatus = !isPdf
        ? 'not_applicable'
        : known
          ? 'extracted'
          : 'pending';
      const id = newId(nowMs);
      documentRows.push({
        id,
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
      });
      if (textStatus === 'pending') {
        jobs.push({
          type: DOCUMENT_EXTRACT_JOB,
          payload: { document_id: id },
          maxAttempts: EXTRACT_MAX_ATTEMPTS,
        });
      }
    });
  };

  for (const letter of letters) {
    const letterId = letter.id ?? newId(nowMs);
    const { sender } = letter;
    const recipients: WrittenRecipient[] = [];
    letter.recipients.forEach((recipient, position) => {
      const id = newId(nowMs);
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
      const noAddress = {
        organisation: null,
        street: null,
        postcode: null,
        city: null,
        country: null,
      };
      switch (recipient.channel) {
        case 'provider':
          recipientRows.push({
            ...base,
            ...noAddress,
            provider_id: recipient.providerId,
            email: null,
            user_id: null,
            delivered_letter_id: null,
            name: recipient.name,
          });
          webhooks.push({
            providerId: recipient.providerId,
            type: 'message.received',
            data: {
              message_id: letterId,
              in_reply_to: letter.inReplyTo ?? null,
              subject: letter.subject,
            },
          });
          recipients.push({ id, channel: 'provider', status, deliveredLetterId: null });
          break;
        case 'kuvert': {
          const copyId = newId(nowMs);
          recipientRows.push({
            ...base,
            ...noAddress,
            provider_id: null,
            email: recipient.email,
            user_id: recipient.userId,
            delivered_letter_id: copyId,
            name: recipient.name,
          });
          letterRows.push({
            ...letterRow(letter, copyId, nowIso),
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
          });
          addDocuments(copyId, letter.documents);
          jobs.push({ type: LETTER_NOTIFY_JOB, payload: { letter_id: copyId } });
          written.deliveredCopies.push({
            id: copyId,
            accountId: recipient.accountId,
            subject: letter.subject,
            senderName: sender.name,
          });
          recipients.push({ id, channel: 'kuvert', status, deliveredLetterId: copyId });
          break;
        }
        case 'postal': {
          const { address } = recipient;
          recipientRows.push({
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
          });
          postalRecipientIds.push(id);
          recipients.push({ id, channel: 'postal', status, deliveredLetterId: null });
          break;
        }
      }
    });
    const deliveryStatus = overallDeliveryStatus(recipients.map((recipient) => recipient.status));
    // The outbound letter goes first: its rowid and id come before its copies'.
    letterRows.splice(letterRows.length - countCopies(recipients), 0, {
      ...letterRow(letter, letterId, nowIso),
      account_id: sender.accountId,
      provider_id: letter.providerId ?? null,
      direction: 'outbound',
      recipient_email: null,
      in_reply_to: letter.inReplyTo ?? null,
      delivery_status: deliveryStatus,
      read_at: nowIso,
      created_by_user_id: sender.userId,
      mail_merge_id: letter.mailMergeId ?? null,
    });
    addDocuments(letterId, letter.documents);
    written.letters.push({
      id: letterId,
      accountId: sender.accountId,
      subject: letter.subject,
      deliveryStatus,
      recipients,
    });
  }

  await insertLetters(trx, letterRows);
  await insertRecipients(trx, recipientRows);
  await insertDocuments(trx, documentRows);
  await enqueueJobs(trx, app.clock, jobs);
  await enqueueWebhooks(app, trx, webhooks);
  await queuePrintRendering(app, trx, postalRecipientIds);
  await updateSearchIndexOfLetters(
    app,
    trx,
    letterRows.map((row) => row.id),
  );
  return written;
}

function countCopies(recipients: readonly WrittenRecipient[]): number {
  return recipients.filter((recipient) => recipient.deliveredLetterId !== null).length;
}

/** The columns a letter and its copies share. */
function letterRow(letter: OutboundLetter, id: string, nowIso: string) {
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
  };
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
  const copiesByAccount = new Map<string, DeliveredCopy[]>();
  for (const copy of written.deliveredCopies) {
    const copies = copiesByAccount.get(copy.accountId) ?? [];
    copies.push(copy);
    copiesByAccount.set(copy.accountId, copies);
  }
  for (const [accountId, copies] of copiesByAccount) {
    if (copies.length > ANNOUNCED_COPIES_PER_ACCOUNT) {
      await publishLiveEvent(app, { type: 'letters.changed', account_id: accountId });
      continue;
    }
    for (const copy of copies) {
      await publishLiveEvent(app, {
        type: 'letter.created',
        account_id: accountId,
        letter_id: copy.id,
        subject: copy.subject,
        sender_name: copy.senderName,
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

/**
 * The letter a reply's copy answers: the one whose Kuvert recipient got `copyId`, if it still
 * exists in the account the copy goes to (a letter written from a shared account stays there).
 */
export async function findLetterOfCopy(
  app: Pick<FastifyInstance, 'db'>,
  copyId: string,
  accountId: string,
): Promise<string | null> {
  const letter = await findOutboundLetterOfCopy(app.db, copyId);
  return letter?.account_id === accountId ? letter.id : null;
}
