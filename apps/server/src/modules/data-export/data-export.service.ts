import type { FastifyInstance } from 'fastify';
import { DATA_EXPORT_TTL_DAYS, type DataExport } from '@kuvert/shared/data-export';
import { addSeconds } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import type { SendableDocument } from '../../plugins/send-document.ts';
import {
  findDataExportOfUser,
  findLatestDataExport,
  findRunningDataExport,
  insertDataExport,
  listDataExportParts,
  type DataExportPartRow,
  type DataExportRow,
} from './data-export.repository.ts';

export const DATA_EXPORT_JOB = 'data-export.make';
export const DATA_EXPORT_TTL_SECONDS = DATA_EXPORT_TTL_DAYS * 24 * 3600;

/** The file name of a part: `kuvert-export-2026-11-29.zip`, `…-part-2-of-3.zip`. */
export function partFilename(row: DataExportRow, part: number, parts: number): string {
  const day = row.created_at.slice(0, 10);
  return parts === 1
    ? `kuvert-export-${day}.zip`
    : `kuvert-export-${day}-part-${part}-of-${parts}.zip`;
}

function present(row: DataExportRow, parts: DataExportPartRow[]): DataExport {
  return {
    id: row.id,
    status: row.status,
    areas_done: Number(row.areas_done),
    areas_total: Number(row.areas_total),
    files_done: Number(row.files_done),
    bytes_done: Number(row.bytes_done),
    created_at: row.created_at,
    finished_at: row.finished_at,
    expires_at: row.expires_at,
    parts:
      row.status === 'ready'
        ? parts.map((part) => ({
            number: part.part_number,
            size: Number(part.size),
            sha256: part.sha256,
            filename: partFilename(row, part.part_number, parts.length),
            url: `/api/profile/data-export/${row.id}/parts/${part.part_number}`,
          }))
        : [],
  };
}

export async function describeDataExport(
  app: FastifyInstance,
  row: DataExportRow,
): Promise<DataExport> {
  return present(row, row.status === 'ready' ? await listDataExportParts(app.db, row.id) : []);
}

/** The person's latest export that has not expired, or null. */
export async function getLatestDataExport(
  app: FastifyInstance,
  userId: string,
): Promise<DataExport | null> {
  const row = await findLatestDataExport(app.db, userId, app.clock.now().toISOString());
  return row ? describeDataExport(app, row) : null;
}

/**
 * Queues an export of everything the person may see. One at a time: while one is queued or
 * running, DATA_EXPORT_RUNNING (a unique index decides between parallel requests).
 */
export async function requestDataExport(
  app: FastifyInstance,
  userId: string,
  origin: RequestOrigin,
): Promise<DataExport> {
  if (await findRunningDataExport(app.db, userId)) throw new AppError('DATA_EXPORT_RUNNING');
  const now = app.clock.now();
  const id = newId(now.getTime());
  try {
    await app.db.transaction().execute(async (trx) => {
      await insertDataExport(trx, { id, user_id: userId, now: now.toISOString() });
      await app.jobs.enqueue(trx, {
        type: DATA_EXPORT_JOB,
        payload: { exportId: id },
        maxAttempts: 3,
      });
      await recordAuditEvent(app, trx, { userId, type: 'data_export_requested', origin });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('DATA_EXPORT_RUNNING');
    throw error;
  }
  const row = await findDataExportOfUser(app.db, id, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return describeDataExport(app, row);
}

/**
 * A part of a ready export, for the person who asked for it only: anyone else (and a part
 * that does not exist) gets 404; an export past its 7 days DATA_EXPORT_EXPIRED.
 */
export async function openDataExportPart(
  app: FastifyInstance,
  userId: string,
  exportId: string,
  partNumber: number,
  origin: RequestOrigin,
): Promise<SendableDocument> {
  const row = await findDataExportOfUser(app.db, exportId, userId);
  if (!row || row.status !== 'ready') throw new AppError('NOT_FOUND');
  if (row.expires_at !== null && row.expires_at <= app.clock.now().toISOString()) {
    throw new AppError('DATA_EXPORT_EXPIRED');
  }
  const parts = await listDataExportParts(app.db, row.id);
  const part = parts.find((candidate) => candidate.part_number === partNumber);
  if (!part) throw new AppError('NOT_FOUND');
  // Someone holding the session could take everything: the person sees each download.
  await recordAuditEvent(app, app.db, { userId, type: 'data_export_downloaded', origin });
  return {
    filename: partFilename(row, part.part_number, parts.length),
    contentType: 'application/zip',
    size: Number(part.size),
    etag: `"${part.sha256}"`,
    range: undefined,
    stream: await app.documents.open(part.document_key),
  };
}

/** When a ready export made now stops being downloadable. */
export function expiryOf(app: FastifyInstance): Date {
  return addSeconds(app.clock.now(), DATA_EXPORT_TTL_SECONDS);
}
