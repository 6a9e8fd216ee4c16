/**
 * A letter arrived in a mailbox (enqueued with the letter, in its transaction, beside the
 * new-letter notice). Areas that act on each new letter handle it: forwarding mails it on to
 * the members who asked for that. Its payload is `{ letter_id }`.
 */
export const LETTER_ARRIVED_JOB = 'letter.arrived';
