/** Background jobs of the letters area. */
export const DOCUMENT_EXTRACT_JOB = 'document.extract';
export const LETTER_NOTIFY_JOB = 'letter.notify';
export const DOCUMENT_COLLECT_JOB = 'document.collect';
