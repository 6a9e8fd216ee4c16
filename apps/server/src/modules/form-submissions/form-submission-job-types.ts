/** Jobs of form submissions (kept apart, so the services that enqueue them need no handlers). */

/** Makes the PDF, stores it with the attachments, tells the provider: one per submission. */
export const FORM_DELIVERY_JOB = 'form-submission.deliver';
/** Mails the PDF to an anonymous visitor who gave an address for it. */
export const FORM_RECEIPT_MAIL_JOB = 'form-submission.receipt-mail';
/** Removes unattached form files past their expiry; hourly. */
export const FORM_FILES_EXPIRY_JOB = 'form-files.expire';

/** Rendering fails for good on a broken limit; anything else is tried again, this often. */
export const FORM_DELIVERY_MAX_ATTEMPTS = 6;
