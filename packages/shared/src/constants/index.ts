/**
 * Constant lists of the contract with no zod attached: the web app's first load (the login
 * page) needs them but must not pay for the schema library (DESIGN §7).
 */
export const languages = ['en', 'de', 'sv', 'da', 'nb'] as const;

/** A language Kuvert is written in (the same as `Language` of `@kuvert/shared/auth`). */
export type KnownLanguage = (typeof languages)[number];

export function isLanguage(value: unknown): value is KnownLanguage {
  return typeof value === 'string' && languages.some((language) => language === value);
}

/** Norwegian in general and Nynorsk read as Bokmål, the Norwegian Kuvert is written in. */
const languageAliases: Readonly<Record<string, KnownLanguage>> = { no: 'nb', nn: 'nb' };

/**
 * The Kuvert language of a language tag by its primary subtag (`sv-SE` → sv, `nn-NO` → nb,
 * `de;q=0.8` → de), if any: for browsers, Accept-Language and identity providers alike.
 */
export function languageOfTag(tag: string | undefined): KnownLanguage | undefined {
  const primary = tag?.trim().split(/[-_;]/u)[0]?.toLowerCase() ?? '';
  const language = languageAliases[primary] ?? primary;
  return isLanguage(language) ? language : undefined;
}

/**
 * The first Kuvert language among tags separated by spaces or commas (`ui_locales`, a `lang`
 * query, an Accept-Language header in its order of preference), else `fallback`.
 */
export function firstKnownLanguage(tags: unknown, fallback: KnownLanguage = 'en'): KnownLanguage {
  if (typeof tags !== 'string') return fallback;
  for (const tag of tags.split(/[\s,]+/u)) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return fallback;
}

/**
 * Every error the API answers with. The client branches on `code` and shows the translated
 * message `errors.<code>`; `message` is an English fallback for API clients and logs.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CSRF_FAILED',
  'ORIGIN_REJECTED',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'TOKEN_INVALID',
  'PASSWORD_TOO_WEAK',
  'PASSWORD_WRONG',
  'EMAIL_TAKEN',
  'SESSION_NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CONFLICT',
  'INTERNAL',
  'RECIPIENT_UNKNOWN',
  'INVOICE_NOT_PAYABLE',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'DOCUMENT_ACTIVE_CONTENT',
  'RANGE_NOT_SATISFIABLE',
  'QUOTA_EXCEEDED',
  'DOCUMENT_UNREADABLE',
  'SIGNATURE_PENDING',
  'SIGNATURE_CLOSED',
  'SENDER_ADDRESS_MISSING',
  'CSV_EMPTY',
  'CSV_NO_ROWS',
  'TEMPLATE_INVALID',
  'FORM_DEFINITION_INVALID',
  'FORM_UNPUBLISHED',
  'FORM_VERSION_UNSUPPORTED',
  'INVITATION_USED',
  'INVITATION_EXPIRED',
  'INVITATION_REVOKED',
  'INVITATION_FOR_OTHER_USER',
  'INVITATION_IDENTITY_REQUIRED',
  'LAST_OWNER',
  'MAILBOX_HOLDER',
  'IDENTITY_CANCELLED',
  'IDENTITY_RESPONSE_INVALID',
  'IDENTITY_PROCESS_USED',
  'IDENTITY_PROCESS_EXPIRED',
  'IDENTITY_PROVIDER_UNAVAILABLE',
  'IDENTITY_REJECTED',
  'IDENTITY_TAKEN',
  'IDENTITY_VERIFICATION_REQUIRED',
  'ONBOARDING_IDENTITY_REQUIRED',
  'ACCOUNT_DELETION_BLOCKED',
  'ACCOUNT_DELETION_PENDING',
  'DELETION_CODE_INVALID',
  'DELETION_CODE_EXPIRED',
  'EMAIL_CHANGE_SAME_ADDRESS',
  'EMAIL_CHANGE_NOT_PENDING',
  'EMAIL_CHANGE_EXPIRED',
  'EMAIL_CHANGE_USED',
  'EMAIL_CHANGE_CANCELLED',
  'EMAIL_CHANGE_REPLACED',
  'ACCESS_TOKEN_LIMIT_REACHED',
  'ACCESS_TOKEN_EXPIRY_INVALID',
  'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
  'CALENDAR_NOTHING_DUE',
  'FORWARDING_PROVIDER_UNKNOWN',
  'DATA_EXPORT_RUNNING',
  'DATA_EXPORT_EXPIRED',
] as const;

/** Where the server serves its OpenAPI documentation (Swagger UI): the Sender and personal APIs. */
export const API_DOCS_PATH = '/api/docs';
