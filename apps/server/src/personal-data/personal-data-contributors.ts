import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountRole } from '@kuvert/shared/accounts';
import type { Language } from '@kuvert/shared/auth';
import type { Database } from '../db/schema.ts';

/*
 * "Download my data" (DESIGN §9): every area adds its part of a person's export through this
 * interface, registered in modules/index.ts; the export (modules/data-export) only writes what
 * they hand it into the ZIP. An area reads its own tables, limited to `scope`.
 */

/** A mailbox the person may see today (their access has not ended), with their role there. */
export interface PersonalDataAccount {
  id: string;
  name: string;
  kind: string;
  role: AccountRole;
  /** The person's own personal mailbox (not one shared with them). */
  isOwn: boolean;
}

export interface PersonalDataScope {
  userId: string;
  /** The person's language, for files made for people (CSV headings). */
  language: Language;
  accounts: readonly PersonalDataAccount[];
}

/** A stored document to copy into the export as it is. */
export interface PersonalDataDocument {
  key: string;
  size: number;
}

/**
 * Where an area writes. Paths are relative to the area's folder, `/`-separated; the writer
 * makes them safe and unique. `kind` counts the file's object in the manifest (`letters`).
 */
export interface PersonalDataWriter {
  /** A JSON file of plain data (rows, objects); keep each one to one object or one list. */
  json(path: string, value: unknown): Promise<void>;
  /** A text file (a CSV, a vCard, extracted text). */
  text(path: string, content: string): Promise<void>;
  /** A document from the store, streamed, never held in memory whole. */
  document(path: string, document: PersonalDataDocument): Promise<void>;
  /** Adds `count` objects of `kind` to the manifest's counts (letters, payments, …). */
  count(kind: string, count?: number): void;
}

export interface PersonalDataContributor {
  /** The area, and the folder of its files in the ZIP: `letters`, `contacts`. */
  name: string;
  contribute(
    app: FastifyInstance,
    scope: PersonalDataScope,
    out: PersonalDataWriter,
  ): Promise<void>;
}

/**
 * The one-liner for an area whose part is a list of the person's rows:
 * `jsonRowsContributor('access-tokens', exportAccessTokenData)` writes
 * `access-tokens/access-tokens.json` and counts its rows as `access-tokens`.
 */
export function jsonRowsContributor(
  name: string,
  read: (db: Kysely<Database>, userId: string) => Promise<readonly unknown[]>,
): PersonalDataContributor {
  return {
    name,
    async contribute(app, scope, out) {
      const rows = await read(app.db, scope.userId);
      await out.json(`${name}.json`, rows);
      out.count(name, rows.length);
    },
  };
}

/**
 * An area whose part is one JSON document about the person (their settings of a feature),
 * written as `<name>.json`.
 */
export function jsonDocumentContributor(
  name: string,
  read: (db: Kysely<Database>, userId: string) => Promise<unknown>,
): PersonalDataContributor {
  return {
    name,
    async contribute(app, scope, out) {
      await out.json(`${name}.json`, await read(app.db, scope.userId));
      out.count(name, 1);
    },
  };
}

/** The contributors of one app, registered by the areas when the app starts. */
export class PersonalDataContributors {
  readonly #contributors = new Map<string, PersonalDataContributor>();

  register(contributor: PersonalDataContributor): void {
    if (this.#contributors.has(contributor.name)) {
      throw new Error(`The personal data contributor "${contributor.name}" is registered twice.`);
    }
    this.#contributors.set(contributor.name, contributor);
  }

  list(): PersonalDataContributor[] {
    return [...this.#contributors.values()];
  }
}
