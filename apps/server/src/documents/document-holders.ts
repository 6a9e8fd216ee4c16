import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * An area that keeps documents in the shared store. Files are content-addressed and shared
 * (one PDF sent to many, an upload attached to a letter), so a file may only go once no
 * holder uses its key any more.
 */
export interface DocumentHolder {
  /** The area, for messages and tests: `letters`, `uploads`. */
  name: string;
  /** Every `table.column` of the area that holds a document key, as `keysInUse` reads them. */
  columns: readonly string[];
  /** Of `keys`, those a row of the area still points at; `db` may be a transaction. */
  keysInUse(db: Kysely<Database>, keys: readonly string[]): Promise<string[]>;
}

/**
 * The holders of one app, registered by the areas when the app starts (modules/index.ts).
 * Clean-up asks every one of them before a file goes.
 */
export class DocumentHolders {
  readonly #holders = new Map<string, DocumentHolder>();

  register(holder: DocumentHolder): void {
    if (this.#holders.has(holder.name)) {
      throw new Error(`The document holder "${holder.name}" is registered twice.`);
    }
    this.#holders.set(holder.name, holder);
  }

  list(): DocumentHolder[] {
    return [...this.#holders.values()];
  }

  /** Of `keys`, those no registered holder points at any more. */
  async findUnusedKeys(db: Kysely<Database>, keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const used = new Set<string>();
    for (const holder of this.#holders.values()) {
      for (const key of await holder.keysInUse(db, keys)) used.add(key);
    }
    return keys.filter((key) => !used.has(key));
  }
}
