import type { TrashEntry } from '@kuvert/shared/trash';
import type { TrashEntryRow } from './trash-entry-columns.ts';

const contentTypeLabels: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'text/csv': 'CSV',
  'text/plain': 'TXT',
};

/** 2.4 MB, 512 KB: binary units, one decimal below ten, as the uploads page writes them. */
export function humanFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${Number(value.toFixed(digits))} ${units[unit]}`;
}

function detailOf(row: TrashEntryRow): string | null {
  if (row.kind !== 'upload') return row.detail;
  const type = row.detail === null ? null : (contentTypeLabels[row.detail] ?? null);
  const size = humanFileSize(Number(row.size ?? 0));
  return type === null ? size : `${type} · ${size}`;
}

export function toTrashEntry(row: TrashEntryRow): TrashEntry {
  return {
    kind: row.kind,
    id: row.id,
    name: row.name,
    detail: detailOf(row),
    count: row.count === null ? null : Number(row.count),
    origin: { kind: row.origin_kind, id: row.origin_id, name: row.origin_name },
    trashed_at: row.trashed_at,
  };
}
