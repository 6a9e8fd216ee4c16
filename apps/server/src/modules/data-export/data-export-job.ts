import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  PersonalDataScope,
  PersonalDataWriter,
} from '../../personal-data/personal-data-contributors.ts';
import { collectUnreferencedDocuments } from '../../documents/document-collection.ts';
import { addSeconds } from '../../clock.ts';
import { localeOf } from '../../lib/locale.ts';
import { PermanentJobError } from '../../plugins/jobs.ts';
import { dataExportReadyMail } from '../../plugins/mail-templates-data-export.ts';
import { listAccountsForUser } from '../accounts/accounts.service.ts';
import { getUserById, userLanguage } from '../users/users.service.ts';
import {
  deleteDataExport,
  deleteDataExportParts,
  findDataExport,
  findExpiredDataExports,
  findOtherDataExports,
  insertDataExportPart,
  updateDataExport,
} from './data-export.repository.ts';
import { DATA_EXPORT_JOB, expiryOf } from './data-export.service.ts';
import { DEFAULT_PART_LIMIT_BYTES, ExportZipWriter } from './export-zip.ts';

export const DATA_EXPORT_CLEANUP_JOB = 'data-export.clean-up';
/** Progress is written at most this often (and when an area is done). */
const PROGRESS_INTERVAL_MS = 1000;

const payloadSchema = z.object({ exportId: z.string() });

export interface DataExportSettings {
  /** Parts stay below this many bytes; tests set a small one to see the split. */
  partLimitBytes: number;
}

/** By the app's config: the same object in every plugin context of one app. */
const settingsOfApp = new WeakMap<object, DataExportSettings>();

export function dataExportSettings(app: Pick<FastifyInstance, 'config'>): DataExportSettings {
  let settings = settingsOfApp.get(app.config);
  if (!settings) {
    settings = { partLimitBytes: DEFAULT_PART_LIMIT_BYTES };
    settingsOfApp.set(app.config, settings);
  }
  return settings;
}

/** The mailboxes the person may see today, with their role (the accounts module decides). */
export async function personalDataScope(
  app: FastifyInstance,
  userId: string,
): Promise<PersonalDataScope> {
  const user = await getUserById(app.db, userId);
  if (!user) throw new PermanentJobError('The person of this export is gone');
  const accounts = await listAccountsForUser(app.db, userId);
  return {
    userId,
    language: userLanguage(user),
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      kind: account.kind,
      role: account.role,
      isOwn: account.is_own,
    })),
  };
}

/**
 * Makes the export: asks every registered area for its part, streams it into ZIP parts in
 * the document store, then marks it ready for 7 days and tells the person by e-mail.
 */
export async function makeDataExport(app: FastifyInstance, exportId: string): Promise<void> {
  const row = await findDataExport(app.db, exportId);
  if (!row || row.status === 'ready') return;
  // A previous attempt that stopped half-way leaves parts nobody will download.
  const leftovers = await deleteDataExportParts(app.db, exportId);
  if (leftovers.length > 0) await collectUnreferencedDocuments(app, leftovers);

  const contributors = app.personalData.list();
  const scope = await personalDataScope(app, row.user_id);
  const progress = { areasDone: 0, files: 0, bytes: 0, savedAt: 0 };
  const save = async (force: boolean) => {
    const now = Date.now();
    if (!force && now - progress.savedAt < PROGRESS_INTERVAL_MS) return;
    progress.savedAt = now;
    await updateDataExport(app.db, exportId, {
      areas_done: progress.areasDone,
      files_done: progress.files,
      bytes_done: progress.bytes,
      updated_at: app.clock.now().toISOString(),
    });
  };
  await updateDataExport(app.db, exportId, {
    status: 'running',
    areas_total: contributors.length,
    areas_done: 0,
    files_done: 0,
    bytes_done: 0,
    failure: null,
    updated_at: app.clock.now().toISOString(),
  });

  const parts: { number: number; key: string }[] = [];
  const zip = new ExportZipWriter({
    documents: app.documents,
    partLimitBytes: dataExportSettings(app).partLimitBytes,
    onPart: async ({ number, stored }) => {
      parts.push({ number, key: stored.key });
      await insertDataExportPart(app.db, {
        export_id: exportId,
        part_number: number,
        document_key: stored.key,
        size: stored.size,
        sha256: stored.sha256,
      });
    },
    onFile: async ({ size }) => {
      progress.files += 1;
      progress.bytes += size;
      await save(false);
    },
  });
  const counts: Record<string, number> = {};
  try {
    for (const contributor of contributors) {
      const folder = contributor.name;
      const out: PersonalDataWriter = {
        json: (path, value) =>
          zip.addBuffer(`${folder}/${path}`, Buffer.from(`${JSON.stringify(value, null, 2)}\n`)),
        text: (path, content) => zip.addBuffer(`${folder}/${path}`, Buffer.from(content)),
        document: (path, document) =>
          zip.addDocument(`${folder}/${path}`, document.size, false, () =>
            app.documents.open(document.key),
          ),
        count: (kind, count = 1) => {
          counts[kind] = (counts[kind] ?? 0) + count;
        },
      };
      await contributor.contribute(app, scope, out);
      progress.areasDone += 1;
      await save(true);
    }
    await zip.finish({
      generatedAt: app.clock.now().toISOString(),
      counts,
      extra: {
        areas: contributors.map((contributor) => contributor.name),
        mailboxes: scope.accounts.map((account) => ({
          id: account.id,
          name: account.name,
          kind: account.kind,
          role: account.role,
        })),
      },
    });
  } catch (error) {
    await zip.dispose();
    const keys = await deleteDataExportParts(app.db, exportId);
    if (keys.length > 0) await collectUnreferencedDocuments(app, keys);
    throw error;
  }

  const expiresAt = expiryOf(app);
  await updateDataExport(app.db, exportId, {
    status: 'ready',
    areas_done: progress.areasDone,
    files_done: progress.files,
    bytes_done: progress.bytes,
    finished_at: app.clock.now().toISOString(),
    expires_at: expiresAt.toISOString(),
    updated_at: app.clock.now().toISOString(),
  });
  // The new export replaces the person's earlier ones, and their files.
  for (const older of await findOtherDataExports(app.db, row.user_id, exportId)) {
    await removeDataExport(app, older.id);
  }
  const user = await getUserById(app.db, row.user_id);
  if (user) {
    const language = userLanguage(user);
    const until = new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: 'long',
      timeZone: app.config.timeZone,
    }).format(expiresAt);
    await app.mailer.send(
      dataExportReadyMail({
        to: user.email,
        language,
        firstName: user.first_name,
        link: `${app.config.publicUrl}/profile#data-export`,
        until,
      }),
    );
  }
}

async function removeDataExport(app: FastifyInstance, id: string): Promise<void> {
  const keys = await deleteDataExportParts(app.db, id);
  await deleteDataExport(app.db, id);
  if (keys.length > 0) await collectUnreferencedDocuments(app, keys);
}

/** Removes expired exports and their files. */
export async function cleanUpExpiredDataExports(app: FastifyInstance): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await findExpiredDataExports(app.db, app.clock.now().toISOString(), 100);
    if (rows.length === 0) return removed;
    for (const row of rows) {
      await removeDataExport(app, row.id);
      removed += 1;
    }
  }
}

/** Queues this hour's clean-up unless it ran already, as an instance's start does. */
export function scheduleDataExportCleanUp(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(DATA_EXPORT_CLEANUP_JOB);
}

/** The export job, and the hourly clean-up of expired exports (once per cluster). */
export function registerDataExportJobs(app: FastifyInstance): void {
  app.jobs.register(
    DATA_EXPORT_JOB,
    async (payload) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError('Malformed job payload');
      await makeDataExport(app, parsed.data.exportId);
    },
    {
      onGiveUp: async (payload, reason) => {
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return;
        await updateDataExport(app.db, parsed.data.exportId, {
          status: 'failed',
          failure: reason.slice(0, 500),
          finished_at: app.clock.now().toISOString(),
          // A failed export stays on the page for a day, then the clean-up removes it.
          expires_at: addSeconds(app.clock.now(), 24 * 3600).toISOString(),
          updated_at: app.clock.now().toISOString(),
        });
      },
    },
  );
  app.jobs.every({
    type: DATA_EXPORT_CLEANUP_JOB,
    period: 'hour',
    run: async () => {
      await cleanUpExpiredDataExports(app);
    },
  });
}
