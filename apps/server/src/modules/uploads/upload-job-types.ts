/** Background jobs of the uploads area. */
/** Payload `{ upload_id }`: read a stored upload's text (PDF text, OCR) and make its thumbnail. */
export const UPLOAD_READ_JOB = 'upload.read';
