/**
 * Constant lists of the contract with no zod attached: the web app's first load (the login
 * page) needs them but must not pay for the schema library (DESIGN §7).
 */
export const languages = ['en', 'de'] as const;

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
] as const;
