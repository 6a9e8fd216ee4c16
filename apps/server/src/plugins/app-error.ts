import type { ErrorCode } from '@kuvert/shared/errors';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  TOKEN_INVALID: 400,
  PASSWORD_TOO_WEAK: 400,
  PASSWORD_WRONG: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_FAILED: 403,
  ORIGIN_REJECTED: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  RECIPIENT_UNKNOWN: 422,
  INVOICE_NOT_PAYABLE: 409,
  PAYMENT_IN_PROGRESS: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  DOCUMENT_ACTIVE_CONTENT: 422,
  RANGE_NOT_SATISFIABLE: 416,
  QUOTA_EXCEEDED: 413,
  DOCUMENT_UNREADABLE: 422,
  SIGNATURE_PENDING: 409,
  SIGNATURE_CLOSED: 409,
  SENDER_ADDRESS_MISSING: 422,
  CSV_EMPTY: 422,
  CSV_NO_ROWS: 422,
  TEMPLATE_INVALID: 422,
  FORM_DEFINITION_INVALID: 422,
  FORM_UNPUBLISHED: 410,
  FORM_VERSION_UNSUPPORTED: 410,
  INVITATION_USED: 410,
  INVITATION_EXPIRED: 410,
  INVITATION_REVOKED: 410,
  INVITATION_FOR_OTHER_USER: 403,
  INVITATION_IDENTITY_REQUIRED: 403,
  LAST_OWNER: 409,
  MAILBOX_HOLDER: 409,
  IDENTITY_CANCELLED: 400,
  IDENTITY_RESPONSE_INVALID: 400,
  IDENTITY_PROCESS_USED: 409,
  IDENTITY_PROCESS_EXPIRED: 410,
  IDENTITY_PROVIDER_UNAVAILABLE: 502,
  IDENTITY_REJECTED: 422,
  IDENTITY_TAKEN: 409,
  CALENDAR_NOTHING_DUE: 409,
  FORWARDING_PROVIDER_UNKNOWN: 400,
  IDENTITY_VERIFICATION_REQUIRED: 403,
  ONBOARDING_IDENTITY_REQUIRED: 403,
  ACCOUNT_DELETION_BLOCKED: 409,
  ACCOUNT_DELETION_PENDING: 403,
  DELETION_CODE_INVALID: 400,
  DELETION_CODE_EXPIRED: 410,
  EMAIL_CHANGE_SAME_ADDRESS: 400,
  EMAIL_CHANGE_NOT_PENDING: 404,
  EMAIL_CHANGE_EXPIRED: 410,
  EMAIL_CHANGE_USED: 410,
  EMAIL_CHANGE_CANCELLED: 410,
  EMAIL_CHANGE_REPLACED: 410,
  ACCESS_TOKEN_LIMIT_REACHED: 409,
  ACCESS_TOKEN_EXPIRY_INVALID: 400,
  ACCESS_TOKEN_SCOPE_INSUFFICIENT: 403,
  DATA_EXPORT_RUNNING: 409,
  DATA_EXPORT_EXPIRED: 410,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

const defaultMessages: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  TOKEN_INVALID: 'This link is invalid or has expired.',
  PASSWORD_TOO_WEAK: 'The password is too weak.',
  PASSWORD_WRONG: 'The current password is wrong.',
  UNAUTHENTICATED: 'Please log in.',
  INVALID_CREDENTIALS: 'E-mail address or password is wrong.',
  FORBIDDEN: 'You may not do this.',
  CSRF_FAILED: 'The request could not be verified. Reload the page and try again.',
  ORIGIN_REJECTED: 'The request came from another site.',
  ACCOUNT_DISABLED: 'This user is disabled.',
  NOT_FOUND: 'Not found.',
  SESSION_NOT_FOUND: 'That session does not exist.',
  CONFLICT: 'The request conflicts with the current state.',
  EMAIL_TAKEN: 'This e-mail address is already in use.',
  RECIPIENT_UNKNOWN: 'No Kuvert user has this e-mail address.',
  INVOICE_NOT_PAYABLE: 'This invoice is paid or cancelled; there is nothing to pay.',
  PAYMENT_IN_PROGRESS: 'A payment for this invoice is already in progress.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'The payment provider cannot be reached. Please try again later.',
  PAYLOAD_TOO_LARGE: 'The upload is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This type of file is not accepted.',
  DOCUMENT_ACTIVE_CONTENT:
    'The PDF contains active content (JavaScript, launch actions, embedded files or an XFA form), which Kuvert does not accept.',
  RANGE_NOT_SATISFIABLE: 'The requested range is not satisfiable.',
  QUOTA_EXCEEDED: 'The account has no room left for this upload.',
  DOCUMENT_UNREADABLE: 'The document cannot be read.',
  SIGNATURE_PENDING:
    'The signature request is not completed or declined yet, or is still being sealed.',
  SIGNATURE_CLOSED: 'This signature request can no longer be signed or declined.',
  SENDER_ADDRESS_MISSING:
    'A printed letter needs your postal address for its return line. Add it to your profile.',
  CSV_EMPTY: 'The CSV file is empty.',
  CSV_NO_ROWS: 'The CSV file has a header row but no recipients below it.',
  TEMPLATE_INVALID: 'The template has a placeholder that is not closed with }}.',
  FORM_DEFINITION_INVALID: 'The form definition is outside the supported JSON Schema subset.',
  FORM_UNPUBLISHED: 'The provider has withdrawn this form; it can no longer be filled out.',
  FORM_VERSION_UNSUPPORTED:
    'This version of the form has a pattern Kuvert no longer runs; it can no longer be filled out. The provider can publish the form again.',
  INVITATION_USED: 'This invitation has already been accepted; it can be used only once.',
  INVITATION_EXPIRED: 'This invitation has expired. Ask the owner of the mailbox for a new one.',
  INVITATION_REVOKED: 'This invitation was withdrawn by the owner of the mailbox.',
  INVITATION_FOR_OTHER_USER:
    'This invitation is for another e-mail address. Log in as the person it was sent to, or ask the owner to invite you.',
  INVITATION_IDENTITY_REQUIRED:
    'The owner of the mailbox requires a verified identity to accept this invitation. Verify your identity, then accept.',
  LAST_OWNER:
    'A mailbox needs an owner: make another member owner before the last owner leaves, is removed or becomes a member.',
  MAILBOX_HOLDER:
    'A personal mailbox stays with the person it belongs to: they cannot leave it, be removed from it or stop being its owner.',
  IDENTITY_CANCELLED:
    'The verification was cancelled at the identity provider; nothing was stored.',
  IDENTITY_RESPONSE_INVALID:
    'This answer of the identity provider does not belong to a verification you started; nothing was stored.',
  IDENTITY_PROCESS_USED: 'This verification was already completed or abandoned; start a new one.',
  IDENTITY_PROCESS_EXPIRED: 'This verification took longer than 10 minutes; start a new one.',
  IDENTITY_PROVIDER_UNAVAILABLE:
    'The identity provider cannot be reached. Please try again later; nothing was stored.',
  IDENTITY_REJECTED: 'The identity provider did not confirm your identity; nothing was stored.',
  IDENTITY_TAKEN: 'This identity is already verified for another Kuvert user; nothing was stored.',
  CALENDAR_NOTHING_DUE: 'This letter has no open due date to put in a calendar.',
  FORWARDING_PROVIDER_UNKNOWN: 'A chosen provider has not written to any of your mailboxes.',
  IDENTITY_VERIFICATION_REQUIRED:
    'The sender requires a verified identity to sign this. Verify your identity in your profile, then sign.',
  ONBOARDING_IDENTITY_REQUIRED: 'Verify your identity first; then you choose your password.',
  ACCOUNT_DELETION_BLOCKED:
    'You are the only owner of a mailbox that others use: make one of its members owner first.',
  ACCOUNT_DELETION_PENDING: 'This account is being deleted. Cancel the deletion to use it again.',
  DELETION_CODE_INVALID: 'This code is wrong. Check the e-mail and try again.',
  DELETION_CODE_EXPIRED: 'This code has expired or was tried too often. Ask for a new code.',
  EMAIL_CHANGE_SAME_ADDRESS: 'This is already the e-mail address of your login.',
  EMAIL_CHANGE_NOT_PENDING: 'No change of e-mail address is waiting for confirmation.',
  EMAIL_CHANGE_EXPIRED:
    'This link has expired: a change of e-mail address must be confirmed within 24 hours. Ask for it again in your profile.',
  EMAIL_CHANGE_USED: 'This change of e-mail address has already been completed.',
  EMAIL_CHANGE_CANCELLED: 'This change of e-mail address was cancelled.',
  EMAIL_CHANGE_REPLACED:
    'A newer change of e-mail address replaced this one; use the link of the latest e-mail.',
  ACCESS_TOKEN_LIMIT_REACHED:
    'You have 20 active access tokens, the most allowed. Revoke one you no longer use, then make a new one.',
  ACCESS_TOKEN_EXPIRY_INVALID:
    'An access token must expire between tomorrow and one year from today.',
  ACCESS_TOKEN_SCOPE_INSUFFICIENT:
    'This access token may only read. Make a token with the scope "read and mark read" to mark letters read.',
  DATA_EXPORT_RUNNING:
    'An export of your data is already being made; wait until it is ready before asking for another.',
  DATA_EXPORT_EXPIRED: 'This export has expired (after 7 days); ask for a new one.',
  RATE_LIMITED: 'Too many attempts. Please wait and try again.',
  INTERNAL: 'Something went wrong on our side.',
};

/** An error the client may see: thrown anywhere, mapped to a status once, in the handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;
  readonly #status: number | undefined;

  /**
   * `status` overrides the code's usual status where a contract names another, e.g. answers
   * to a form that break its rules: VALIDATION_FAILED as 422, not 400 (the request was well
   * formed; what it says is not acceptable).
   */
  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      details?: unknown;
      headers?: Record<string, string>;
      status?: 422;
    } = {},
  ) {
    super(options.message ?? defaultMessages[code]);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.#status = options.status;
  }

  get statusCode(): number {
    return this.#status ?? statusByCode[this.code];
  }
}

export function statusOf(code: ErrorCode): number {
  return statusByCode[code];
}

export function defaultMessageOf(code: ErrorCode): string {
  return defaultMessages[code];
}
