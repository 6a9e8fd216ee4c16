import type { Kysely } from 'kysely';
import type { Engine } from '../../db/migrations/context.ts';
import type { Database } from '../../db/schema.ts';
import { addRecipientToBatch } from '../letters/postal-recipients.service.ts';
import { openBatchForUpdate } from './postal.repository.ts';

/** A postal recipient whose print-ready PDF is in the document store. */
export interface RenderedRecipient {
  id: string;
  letterId: string;
  /** DocumentStore key of the PDF. */
  storageKey: string;
  pageCount: number;
}

/**
 * Where printed letters go (DESIGN §8, "Compose and outbox"). The built-in channel collects
 * them in print batches for the operator; a print-and-mail service gets an adapter with the
 * same shape: `submit` hands the letter over (in the transaction that records its PDF, so a
 * letter is handed over exactly once), and the service's answers come back through
 * `applyPostalStatus` (postal-status.service.ts) as `printed`, `sent` or `failed` with a reason.
 */
export interface PostalChannel {
  /** Shown in logs. */
  readonly name: string;
  submit(db: Kysely<Database>, recipient: RenderedRecipient, now: string): Promise<void>;
}

/**
 * The built-in channel: each letter joins the one open batch in `print_batches`; the operator
 * downloads a batch as one PDF (`kuvert print-batches download`), which closes it, prints and
 * posts it, and says so (`mark-sent`, `mark-failed`).
 */
export function createBatchChannel(engine: Engine): PostalChannel {
  return {
    name: 'print-batches',
    async submit(db, recipient, now) {
      const batchId = await openBatchForUpdate(db, engine, now);
      await addRecipientToBatch(db, recipient.id, batchId, now);
    },
  };
}
