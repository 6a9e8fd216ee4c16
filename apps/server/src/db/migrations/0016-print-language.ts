import type { Kysely } from 'kysely';

/**
 * The language a postal recipient's letter is printed in (`de` | `en`): the writer's choice
 * or, by default, the recipient's country. Letters queued before have none and are printed in
 * their country's language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('letter_recipients').addColumn('print_language', 'text').execute();
}
