import { z } from 'zod';

/*
 * "Download my data" (DESIGN §9): an export of everything the person may see, made in the
 * background as one ZIP (more parts when it passes 4 GB), downloadable for 7 days.
 */

export const dataExportStatuses = ['pending', 'running', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/** How long a ready export can be downloaded. */
export const DATA_EXPORT_TTL_DAYS = 7;

export const dataExportPartSchema = z
  .object({
    number: z.number().int().min(1),
    size: z.number().int().min(0),
    sha256: z.string(),
    filename: z.string(),
    /** GET this path, logged in as the person who asked, to download the part. */
    url: z.string(),
  })
  .meta({ id: 'DataExportPart' });
export type DataExportPart = z.infer<typeof dataExportPartSchema>;

export const dataExportSchema = z
  .object({
    id: z.string(),
    status: z.enum(dataExportStatuses),
    /** Areas (letters, uploads, …) done of all, while it runs. */
    areas_done: z.number().int(),
    areas_total: z.number().int(),
    files_done: z.number().int(),
    bytes_done: z.number().int(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    /** Until when the parts can be downloaded (ready exports). */
    expires_at: z.string().nullable(),
    parts: z.array(dataExportPartSchema),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

/** The person's latest export, if any that has not expired. */
export const latestDataExportSchema = z
  .object({ export: dataExportSchema.nullable() })
  .meta({ id: 'LatestDataExport' });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

export const dataExportPartParamsSchema = z.object({
  id: z.string().min(1).max(64),
  part: z.coerce.number().int().min(1).max(10_000),
});
