import { sql, type RawBuilder } from 'kysely';
import type { TrashKind, TrashOrigin } from '@kuvert/shared/trash';

/** One row of the trash list, whatever its kind: the columns every kind's arm selects. */
export interface TrashEntryRow {
  kind: TrashKind;
  /** The kind's place in the order among entries trashed at the same instant. */
  rank: number;
  id: string;
  name: string;
  /** Uploads: the content type, made readable with `size` by the presenter. */
  detail: string | null;
  size: number | null;
  count: number | null;
  origin_kind: TrashOrigin['kind'];
  origin_id: string | null;
  origin_name: string | null;
  trashed_at: string;
}

export const TRASH_KIND_RANK: Record<TrashKind, number> = {
  letter: 0,
  upload: 1,
  folder: 2,
  contact: 3,
  case_file: 4,
  case_file_item: 5,
};

type Column = RawBuilder<unknown>;

interface EntryExpressions {
  id: Column;
  name: Column;
  detail?: Column;
  size?: Column;
  count?: Column;
  originKind: Column;
  originId?: Column;
  originName?: Column;
  trashedAt: Column;
}

// Typed nulls: PostgreSQL cannot match an untyped NULL of one arm with another's column.
const noText = sql`cast(null as text)`;
const noNumber = sql`cast(null as bigint)`;

/** The select list of one kind's arm, in the shape of `TrashEntryRow`. */
export function entryColumns(kind: TrashKind, columns: EntryExpressions) {
  return [
    sql<TrashKind>`${sql.lit(kind)}`.as('kind'),
    sql<number>`${sql.lit(TRASH_KIND_RANK[kind])}`.as('rank'),
    sql<string>`${columns.id}`.as('id'),
    sql<string>`${columns.name}`.as('name'),
    sql<string | null>`${columns.detail ?? noText}`.as('detail'),
    sql<number | null>`${columns.size ?? noNumber}`.as('size'),
    sql<number | null>`${columns.count ?? noNumber}`.as('count'),
    sql<TrashOrigin['kind']>`${columns.originKind}`.as('origin_kind'),
    sql<string | null>`${columns.originId ?? noText}`.as('origin_id'),
    sql<string | null>`${columns.originName ?? noText}`.as('origin_name'),
    sql<string>`${columns.trashedAt}`.as('trashed_at'),
  ];
}
