import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { FieldIssue } from '@kuvert/shared/errors';
import { PRINTABLE_ATTACHMENT_TYPES, type recipientInputSchema } from '@kuvert/shared/outbox';
import {
  addressIssueKeys,
  postalAddressLines,
  postalAddressSchema,
  type CountryCode,
  type PostalAddress,
} from '@kuvert/shared/postal';
import { linesTooWide } from '../../lib/address-window.ts';
import { AppError } from '../../plugins/app-error.ts';
import { translationOf } from '../../plugins/error-handler.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { findRoleInAccount } from '../accounts/account-members.service.ts';
import { findOutboundLetterOfCopy } from '../letters/letter-recipient-lookups.service.ts';
import { findProviderNames } from '../providers/provider-names.service.ts';
import { findUserContact } from '../users/user-contact.service.ts';
import { findMailboxesByEmail, type UserMailbox } from '../users/user-mailboxes.service.ts';

/*
 * Writing outbound letters: the one path for a composed letter, a reply and a mail merge. This
 * file finds the sender and the recipients; outbound-letter-writes.service.ts writes.
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

/** The outcome of resolving one recipient; see `resolveRecipientsEach`. */
export type RecipientResolution =
  | { ok: true; recipient: ResolvedRecipient }
  /** `isNoAccount`: a Kuvert address without an account, which is said only when nothing else is wrong. */
  | { ok: false; error: AppError; isNoAccount?: boolean };

/**
 * The user as sender in the account: 404 when they are not a member (nobody learns that it
 * exists), 403 below member.
 */
export async function loadSender(
  app: Pick<FastifyInstance, 'db'>,
  userId: string,
  accountId: string,
): Promise<OutboundSender> {
  const role = await findRoleInAccount(app.db, userId, accountId);
  const row = role === undefined ? undefined : await findUserContact(app.db, userId);
  if (role === undefined || !row) throw new AppError('NOT_FOUND');
  assertCan(role, 'send');
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
  const providers = await findProviderNames(app.db, providerIds);
  // The oldest personal account of each user (as the Sender API delivers).
  const users = new Map<string, UserMailbox>();
  for (const row of await findMailboxesByEmail(app.db, emails)) {
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
