import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  letterDraftFieldsSchema,
  type createDraftRequestSchema,
  type DraftRecipient,
  type LetterDraft,
  type LetterDraftList,
  type updateDraftRequestSchema,
} from '@kuvert/shared/outbox';
import { newId } from '../../db/ids.ts';
import { saveAtVersion } from '../../db/versioned-update.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { assertCan } from '../../plugins/account-policy.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { findProviderNames } from '../providers/provider-names.service.ts';
import { describeLiveUploads } from '../uploads/upload-attachments.service.ts';
import { findUserNames, type UserNameRow } from '../users/user-names.service.ts';
import {
  deleteDraft,
  findDraftForUser,
  findDraftsOfAccount,
  insertDraft,
  updateDraftAtVersion,
  type DraftWithRoleRow,
} from './outbox.repository.ts';

type CreateDraftInput = z.output<typeof createDraftRequestSchema>;
type UpdateDraftInput = z.output<typeof updateDraftRequestSchema>;
type DraftFields = z.output<typeof letterDraftFieldsSchema>;

/** What `content` holds: the fields without the subject (a column of its own). */
const draftContentSchema = letterDraftFieldsSchema.omit({ subject: true });

function contentOf(fields: DraftFields): string {
  return JSON.stringify({
    recipients: fields.recipients,
    body: fields.body,
    upload_ids: fields.upload_ids,
    print_language: fields.print_language,
  });
}

/** A stored draft's content; a row that no longer parses (older shape) opens empty, not 500. */
function parseContent(content: string): Omit<DraftFields, 'subject'> {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    json = {};
  }
  const parsed = draftContentSchema.safeParse(json);
  return parsed.success
    ? parsed.data
    : { recipients: [], body: '', upload_ids: [], print_language: 'auto' };
}

/** The name of who wrote the draft; null when nobody is named (or the user is gone). */
function authorName(names: ReadonlyMap<string, UserNameRow>, userId: string | null) {
  const author = userId === null ? undefined : names.get(userId);
  const name = `${author?.first_name ?? ''} ${author?.last_name ?? ''}`.trim();
  return name === '' ? null : name;
}

function recipientName(recipient: DraftRecipient): string {
  switch (recipient.channel) {
    case 'provider':
      return recipient.provider_id;
    case 'kuvert':
      return recipient.email;
    case 'postal':
      return recipient.address.name || recipient.address.organisation;
  }
}

export async function listDrafts(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<LetterDraftList> {
  await assertAccountAction(app.db, userId, accountId, 'read');
  const rows = await findDraftsOfAccount(app.db, accountId);
  const authors = await findUserNames(
    app.db,
    rows.map((row) => row.created_by_user_id),
  );
  const providerNames = await providerNamesOf(
    app,
    rows.flatMap((row) => parseContent(row.content).recipients),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      recipient_names: parseContent(row.content)
        .recipients.map((recipient) =>
          recipient.channel === 'provider'
            ? (providerNames.get(recipient.provider_id) ?? '')
            : recipientName(recipient),
        )
        .filter((name) => name.trim() !== ''),
      created_by_name: authorName(authors, row.created_by_user_id),
      updated_at: row.updated_at,
    })),
  };
}

async function providerNamesOf(
  app: FastifyInstance,
  recipients: readonly DraftRecipient[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      recipients.flatMap((recipient) =>
        recipient.channel === 'provider' && recipient.provider_id !== ''
          ? [recipient.provider_id]
          : [],
      ),
    ),
  ];
  return findProviderNames(app.db, ids);
}

async function toDraft(app: FastifyInstance, row: DraftWithRoleRow): Promise<LetterDraft> {
  const content = parseContent(row.content);
  const authors = await findUserNames(app.db, [row.created_by_user_id]);
  return {
    id: row.id,
    account_id: row.account_id,
    recipients: content.recipients,
    subject: row.subject,
    body: content.body,
    upload_ids: content.upload_ids,
    print_language: content.print_language,
    attachments: await describeLiveUploads(app, row.account_id, content.upload_ids),
    version: Number(row.version),
    created_by_name: authorName(authors, row.created_by_user_id),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function requireDraft(
  app: FastifyInstance,
  userId: string,
  draftId: string,
): Promise<DraftWithRoleRow> {
  const row = await findDraftForUser(app.db, userId, draftId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getDraft(
  app: FastifyInstance,
  userId: string,
  draftId: string,
): Promise<LetterDraft> {
  return toDraft(app, await requireDraft(app, userId, draftId));
}

export async function createDraft(
  app: FastifyInstance,
  userId: string,
  input: CreateDraftInput,
): Promise<LetterDraft> {
  await assertAccountAction(app.db, userId, input.account_id, 'send');
  const now = app.clock.now();
  const id = newId(now.getTime());
  await insertDraft(app.db, {
    id,
    account_id: input.account_id,
    created_by_user_id: userId,
    subject: input.subject,
    content: contentOf(input),
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  await publishLiveEvent(app, { type: 'letter_drafts.changed', account_id: input.account_id });
  return getDraft(app, userId, id);
}

/**
 * Saves the whole draft over the stored one, if nobody saved since `version` was loaded:
 * CONFLICT (409) otherwise, and nothing is overwritten.
 */
export async function updateDraft(
  app: FastifyInstance,
  userId: string,
  draftId: string,
  input: UpdateDraftInput,
): Promise<LetterDraft> {
  const row = await requireDraft(app, userId, draftId);
  assertCan(row.role, 'send');
  await saveAtVersion(
    () =>
      updateDraftAtVersion(app.db, draftId, input.version, {
        subject: input.subject,
        content: contentOf(input),
        updated_at: app.clock.now().toISOString(),
      }),
    'This draft was saved elsewhere meanwhile. Reload it to see the newer version.',
  );
  await publishLiveEvent(app, { type: 'letter_drafts.changed', account_id: row.account_id });
  return getDraft(app, userId, draftId);
}

export async function removeDraft(
  app: FastifyInstance,
  userId: string,
  draftId: string,
): Promise<void> {
  const row = await requireDraft(app, userId, draftId);
  assertCan(row.role, 'send');
  if (!(await deleteDraft(app.db, row.account_id, draftId))) throw new AppError('NOT_FOUND');
  await publishLiveEvent(app, { type: 'letter_drafts.changed', account_id: row.account_id });
}
