/** Background jobs of the letters area. */
export const DOCUMENT_EXTRACT_JOB = 'document.extract';
export const LETTER_NOTIFY_JOB = 'letter.notify';
/**
 * A letter's document text was read (enqueued with the text, in its transaction). Areas that
 * read letters' text after they were filed handle it: case files find reference numbers in it.
 */
export const LETTER_TEXT_READ_JOB = 'letter.text-read';
