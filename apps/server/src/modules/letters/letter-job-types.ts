/** Background jobs of the letters area. */
export const DOCUMENT_EXTRACT_JOB = 'document.extract';
export const LETTER_NOTIFY_JOB = 'letter.notify';
