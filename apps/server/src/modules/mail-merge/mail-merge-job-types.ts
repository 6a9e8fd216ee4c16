/** Writes a mail merge's letters, chunk by chunk (mail-merge-job.ts). */
export const MAIL_MERGE_SEND_JOB = 'mail_merge.send';
