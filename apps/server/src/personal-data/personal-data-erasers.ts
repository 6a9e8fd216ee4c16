import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Whose data goes: the person, and the personal mailboxes that go with them. */
export interface ErasureSubject {
  userId: string;
  /**
   * The mailboxes that go with the person, with everything in them: their personal mailbox,
   * and any shared one that nobody else uses.
   */
  erasedAccountIds: readonly string[];
  /** The moment of the purge (ISO), for columns that record when. */
  now: string;
}

/**
 * What one area erases when an account is deleted (DESIGN §9, "Your data"): its rows in the
 * person's personal mailbox, and the person in its rows elsewhere (deleted, or pseudonymised
 * where a provider or another person keeps the record). The purge asks every registered area
 * (modules/index.ts) instead of reading their tables; a table with a `user_id`, `account_id`
 * or `…_user_id` column that no eraser names fails modules/personal-data.test.ts.
 *
 * `erase` runs inside the purge's transaction (`db`) and may answer the document keys it let
 * go of: they are collected after the commit, unless another holder still uses them. An area's
 * `erase…Data(db, userId)` registers through `rowEraser` below.
 */
export interface PersonalDataEraser {
  /** The area, for logs and tests: `letters`, `uploads`. */
  name: string;
  /** Every `table.column` of the area that names a user or a mailbox, as `erase` handles. */
  columns: readonly string[];
  erase(
    db: Kysely<Database>,
    userId: string,
    subject: ErasureSubject,
  ): Promise<void | readonly string[]>;
}

/** Runs every eraser in order; answers the document keys they let go of. */
export async function eraseWithEvery(
  erasers: readonly PersonalDataEraser[],
  db: Kysely<Database>,
  subject: ErasureSubject,
): Promise<string[]> {
  const keys = new Set<string>();
  for (const eraser of erasers) {
    const released = await eraser.erase(db, subject.userId, subject);
    for (const key of released ?? []) keys.add(key);
  }
  return [...keys];
}

/**
 * An area whose rows of the person simply go (tokens, settings, pending requests): its
 * `erase…Data(db, userId)` registered as it is, whatever it answers.
 */
export function rowEraser(
  name: string,
  columns: readonly string[],
  erase: (db: Kysely<Database>, userId: string) => Promise<unknown>,
): PersonalDataEraser {
  return {
    name,
    columns,
    async erase(db, userId) {
      await erase(db, userId);
    },
  };
}
