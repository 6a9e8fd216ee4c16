import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  Contact,
  ContactFields,
  ContactListQuery,
  ContactPage,
} from '@kuvert/shared/contacts';
import { contactListQuerySchema } from '@kuvert/shared/contacts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { contactColumns, foldForSearch, toContact } from './contacts.presenter.ts';
import {
  deleteTrashedContactRows,
  findContactForUser,
  findContactsPage,
  findTrashedContactIds,
  insertContacts,
  updateContactRow,
} from './contacts.repository.ts';
import { findProviderIds, withProviderName, withProviderNames } from './contact-providers.ts';

const cursorSchema = z.tuple([z.string().max(1024), z.string().min(1).max(64)]);

function encodeCursor(sortKey: string, id: string): string {
  return Buffer.from(JSON.stringify([sortKey, id])).toString('base64url');
}

function decodeCursor(value: string | undefined): { sortKey: string; id: string } | undefined {
  if (value === undefined) return undefined;
  try {
    const [sortKey, id] = cursorSchema.parse(
      JSON.parse(Buffer.from(value, 'base64url').toString()),
    );
    return { sortKey, id };
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'querystring.cursor', message: 'Not a cursor from this API' }],
    });
  }
}

export async function announceContactsChanged(
  app: FastifyInstance,
  accountId: string,
): Promise<void> {
  await publishLiveEvent(app, { type: 'contacts.changed', account_id: accountId });
}

export async function listContacts(
  app: FastifyInstance,
  userId: string,
  rawQuery: ContactListQuery,
): Promise<ContactPage> {
  const query = contactListQuerySchema.parse(rawQuery);
  await assertAccountAction(app.db, userId, query.account_id, 'read');
  const rows = await findContactsPage(app.db, {
    accountId: query.account_id,
    search: query.q ? { lower: query.q.toLowerCase(), folded: foldForSearch(query.q) } : undefined,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const items = await withProviderNames(app.db, rows.slice(0, query.limit));
  const last = items.at(-1);
  return {
    items: items.map(toContact),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.sort_key, last.id) : null,
  };
}

export async function getContact(
  app: FastifyInstance,
  userId: string,
  contactId: string,
): Promise<Contact> {
  const row = await findContactForUser(app.db, userId, contactId, 'live');
  if (!row) throw new AppError('NOT_FOUND');
  return toContact(await withProviderName(app.db, row));
}

/** Providers named as digital addresses must exist; 400 on the field that names one that does not. */
export async function assertProvidersExist(
  app: Pick<FastifyInstance, 'db'>,
  contacts: ContactFields[],
  pathOf: (index: number) => string,
): Promise<void> {
  const wanted = contacts.map((contact) =>
    contact.digital?.kind === 'provider' ? contact.digital.provider_id : undefined,
  );
  const known = await findProviderIds(
    app.db,
    [...new Set(wanted)].filter((id) => id !== undefined),
  );
  const details = wanted.flatMap((id, index) =>
    id !== undefined && !known.has(id)
      ? [{ path: pathOf(index), message: 'No such provider' }]
      : [],
  );
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', { details });
}

export async function createContact(
  app: FastifyInstance,
  userId: string,
  accountId: string,
  fields: ContactFields,
): Promise<Contact> {
  await assertAccountAction(app.db, userId, accountId, 'organize');
  await assertProvidersExist(app, [fields], () => 'contact.digital.provider_id');
  const now = app.clock.now();
  const id = newId(now.getTime());
  await insertContacts(app.db, [
    {
      id,
      account_id: accountId,
      ...contactColumns(fields),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    },
  ]);
  await announceContactsChanged(app, accountId);
  return getContact(app, userId, id);
}

/** Saves many contacts at once (an import); answers how many. */
export async function createContacts(
  app: FastifyInstance,
  userId: string,
  accountId: string,
  contacts: ContactFields[],
): Promise<number> {
  await assertAccountAction(app.db, userId, accountId, 'organize');
  await assertProvidersExist(app, contacts, (index) => `contacts.${index}.digital.provider_id`);
  const now = app.clock.now();
  const at = now.toISOString();
  const rows = contacts.map((fields) => ({
    id: newId(now.getTime()),
    account_id: accountId,
    ...contactColumns(fields),
    created_at: at,
    updated_at: at,
  }));
  await app.db.transaction().execute((trx) => insertContacts(trx, rows));
  await announceContactsChanged(app, accountId);
  return rows.length;
}

async function requireWritableContact(
  app: FastifyInstance,
  userId: string,
  contactId: string,
  state: 'live' | 'trashed',
) {
  const row = await findContactForUser(app.db, userId, contactId, state);
  if (!row) throw new AppError('NOT_FOUND');
  assertCan(row.role, 'organize');
  return row;
}

export async function updateContact(
  app: FastifyInstance,
  userId: string,
  contactId: string,
  fields: ContactFields,
): Promise<Contact> {
  const row = await requireWritableContact(app, userId, contactId, 'live');
  await assertProvidersExist(app, [fields], () => 'contact.digital.provider_id');
  await updateContactRow(app.db, contactId, {
    ...contactColumns(fields),
    updated_at: app.clock.now().toISOString(),
  });
  await announceContactsChanged(app, row.account_id);
  return getContact(app, userId, contactId);
}

export async function trashContact(
  app: FastifyInstance,
  userId: string,
  contactId: string,
): Promise<void> {
  const row = await requireWritableContact(app, userId, contactId, 'live');
  await updateContactRow(app.db, contactId, { trashed_at: app.clock.now().toISOString() });
  await announceContactsChanged(app, row.account_id);
}

export async function restoreContact(
  app: FastifyInstance,
  userId: string,
  contactId: string,
): Promise<Contact> {
  const row = await requireWritableContact(app, userId, contactId, 'trashed');
  await updateContactRow(app.db, contactId, { trashed_at: null });
  await announceContactsChanged(app, row.account_id);
  return getContact(app, userId, contactId);
}

export async function deleteContactForever(
  app: FastifyInstance,
  userId: string,
  contactId: string,
): Promise<void> {
  const row = await requireWritableContact(app, userId, contactId, 'trashed');
  await deleteTrashedContactRows(app.db, [contactId]);
  await announceContactsChanged(app, row.account_id);
}

export function findContactsInTrash(
  app: Pick<FastifyInstance, 'db'>,
  filter: { accountId?: string; trashedBefore?: string; limit: number },
): Promise<string[]> {
  return findTrashedContactIds(app.db, filter);
}

export function deleteTrashedContacts(
  app: Pick<FastifyInstance, 'db'>,
  contactIds: string[],
): Promise<number> {
  return deleteTrashedContactRows(app.db, contactIds);
}
