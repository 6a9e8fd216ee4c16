/** Limits shared by server validation and client forms. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** Seconds before expiry at which the client warns that the session runs out. */
export const SESSION_WARNING_SECONDS = 120;
export const DEFAULT_NOTIFICATION_TIMEOUT_MS = 5000;
