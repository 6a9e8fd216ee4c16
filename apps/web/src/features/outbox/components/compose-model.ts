import type { core } from 'zod';
import type { CountryCode } from '@kuvert/shared/postal';
import { countryCodeSchema } from '@kuvert/shared/postal';
import { sendLetterRequestSchema } from '@kuvert/shared/outbox';
import type {
  DraftRecipient,
  LetterDraft,
  LetterDraftFields,
  PrintLanguageChoice,
  RecipientInput,
  SendLetterRequest,
} from '@kuvert/shared/outbox';
import { ApiError } from '../../../lib/http.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { isRuleMessageKey, translateIssue } from '../../../lib/validation.ts';

/**
 * What the compose page holds: the letter as typed, complete or not. Each recipient carries a
 * local key, so its messages and its inputs stay with it when another one is removed.
 */
export type ComposeRecipient = DraftRecipient & { key: string };
export type PostalRecipient = Extract<ComposeRecipient, { channel: 'postal' }>;
export type PostalFields = PostalRecipient['address'];

export interface ComposeAttachment {
  upload_id: string;
  name: string;
  content_type: string;
  size: number;
}

export interface ComposeFields {
  recipients: ComposeRecipient[];
  subject: string;
  body: string;
  attachments: ComposeAttachment[];
  /** The language of the printed letters (postal recipients only). */
  printLanguage: PrintLanguageChoice;
}

export const emptyComposeFields: ComposeFields = {
  recipients: [],
  subject: '',
  body: '',
  attachments: [],
  printLanguage: 'auto',
};

let nextKey = 1;
export function recipientKey(): string {
  return `r${nextKey++}`;
}

export function emptyPostalAddress(country: CountryCode | '' = ''): PostalFields {
  return { name: '', organisation: '', street: '', postcode: '', city: '', country };
}

/** A new, empty recipient of a channel. */
export function newRecipient(channel: ComposeRecipient['channel']): ComposeRecipient {
  const key = recipientKey();
  switch (channel) {
    case 'provider':
      return { key, channel, provider_id: '' };
    case 'kuvert':
      return { key, channel, email: '' };
    case 'postal':
      return { key, channel, address: emptyPostalAddress('DE') };
  }
}

function isRecipientFilled(recipient: ComposeRecipient): boolean {
  switch (recipient.channel) {
    case 'provider':
      return recipient.provider_id !== '';
    case 'kuvert':
      return recipient.email.trim() !== '';
    case 'postal': {
      const { country: _country, ...typed } = recipient.address;
      return Object.values(typed).some((value) => value.trim() !== '');
    }
  }
}

/**
 * Something a person would miss: a word typed, a file attached, a recipient filled in. An
 * empty recipient card or a country chosen alone is not a letter yet, and makes no draft.
 */
export function hasComposeContent(fields: ComposeFields): boolean {
  return (
    fields.subject.trim() !== '' ||
    fields.body.trim() !== '' ||
    fields.attachments.length > 0 ||
    fields.recipients.some(isRecipientFilled)
  );
}

/** A loaded draft as the page holds it. */
export function fieldsOfDraft(draft: LetterDraft): ComposeFields {
  return {
    recipients: draft.recipients.map((recipient) => ({ ...recipient, key: recipientKey() })),
    subject: draft.subject,
    body: draft.body,
    attachments: draft.attachments.map((attachment) => ({ ...attachment })),
    printLanguage: draft.print_language,
  };
}

const withoutKey = ({ key: _key, ...recipient }: ComposeRecipient): DraftRecipient => recipient;

/** What the draft API stores: everything typed, as typed. */
export function draftFieldsOf(fields: ComposeFields): Required<LetterDraftFields> {
  return {
    recipients: fields.recipients.map(withoutKey),
    subject: fields.subject,
    body: fields.body,
    upload_ids: fields.attachments.map(({ upload_id: id }) => id),
    print_language: fields.printLanguage,
  };
}

function recipientInputOf(recipient: ComposeRecipient): RecipientInput {
  const contact =
    'contact_id' in recipient && recipient.contact_id !== undefined
      ? { contact_id: recipient.contact_id }
      : {};
  switch (recipient.channel) {
    case 'provider':
      return { channel: 'provider', provider_id: recipient.provider_id };
    case 'kuvert':
      return { channel: 'kuvert', email: recipient.email.trim(), ...contact };
    case 'postal': {
      const country = countryCodeSchema.safeParse(recipient.address.country);
      return {
        channel: 'postal',
        address: {
          ...recipient.address,
          // An empty country is left for the schema to call required.
          // oxlint-disable-next-line typescript/consistent-type-assertions -- the request is checked by sendLetterRequestSchema (checkSendRequest) before it is sent; '' stands for a country not chosen yet, so the schema names it required
          country: country.success ? country.data : ('' as CountryCode),
        },
        ...contact,
      };
    }
  }
}

/** The send request of what was typed. */
export function sendRequestOf(
  fields: ComposeFields,
  accountId: string,
  draftId: string | null,
): SendLetterRequest {
  return {
    account_id: accountId,
    recipients: fields.recipients.map(recipientInputOf),
    subject: fields.subject,
    body: fields.body,
    upload_ids: fields.attachments.map(({ upload_id: id }) => id),
    print_language: fields.printLanguage,
    ...(draftId === null ? {} : { draft_id: draftId }),
  };
}

/** Messages by field path (`subject`, `recipients`, `recipients.0.address.postcode`, …). */
export type ComposeErrors = Record<string, string>;

/** Checks what the server will check, so most mistakes show before anything is sent. */
export function checkSendRequest(t: TFunction, request: SendLetterRequest): ComposeErrors {
  const result = sendLetterRequestSchema.safeParse(request);
  if (result.success) return {};
  return issuesByPath(t, result.error.issues);
}

function issuesByPath(t: TFunction, issues: readonly core.$ZodIssue[]): ComposeErrors {
  const errors: ComposeErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    // A union without a channel match reports at the recipient; its fields say more.
    errors[path] ??= translateIssue(t, issue);
  }
  return errors;
}

/** The server's field problems (VALIDATION_FAILED), translated where it named the rule. */
export function serverComposeErrors(t: TFunction, error: unknown): ComposeErrors {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return {};
  const errors: ComposeErrors = {};
  for (const issue of error.fieldIssues) {
    errors[issue.path] ??= isRuleMessageKey(issue.i18n)
      ? t(issue.i18n, issue.values ?? {})
      : t('validation.invalid');
  }
  return errors;
}

/**
 * RECIPIENT_UNKNOWN names the recipients as `recipients.{i}.email`: the indexes of the
 * Kuvert addresses nobody has.
 */
export function unknownRecipientIndexes(error: unknown): number[] {
  if (!(error instanceof ApiError) || error.code !== 'RECIPIENT_UNKNOWN') return [];
  const details = Array.isArray(error.details) ? error.details : [];
  return details.flatMap((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null || !('path' in detail)) return [];
    const match = /^recipients\.(\d+)\.email$/u.exec(String(detail.path));
    return match?.[1] === undefined ? [] : [Number(match[1])];
  });
}

/** The messages of one recipient, by the rest of their path (`email`, `address.city`, …). */
export function recipientErrors(errors: ComposeErrors, index: number): Record<string, string> {
  const prefix = `recipients.${index}`;
  const own: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) own[''] = message;
    else if (path.startsWith(`${prefix}.`)) own[path.slice(prefix.length + 1)] = message;
  }
  return own;
}

/** The errors left once a recipient changed or went: its own go, later ones move up. */
export function withoutRecipientErrors(
  errors: ComposeErrors,
  index: number,
  isRemoved: boolean,
): ComposeErrors {
  const next: ComposeErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^recipients\.(\d+)(\..*)?$/u.exec(path);
    if (match?.[1] === undefined) {
      if (path !== 'recipients') next[path] = message;
      continue;
    }
    const position = Number(match[1]);
    if (position === index) continue;
    const moved = isRemoved && position > index ? position - 1 : position;
    next[`recipients.${moved}${match[2] ?? ''}`] = message;
  }
  return next;
}

/** A Kuvert address nobody has, turned into a postal recipient: the name carried over. */
export function toPostalRecipient(recipient: ComposeRecipient, name: string): ComposeRecipient {
  return {
    key: recipient.key,
    channel: 'postal',
    address: { ...emptyPostalAddress('DE'), name },
    ...('contact_id' in recipient && recipient.contact_id !== undefined
      ? { contact_id: recipient.contact_id }
      : {}),
  };
}
