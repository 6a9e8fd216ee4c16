import {
  CASE_FILE_NOTES_SNIPPET_LENGTH,
  caseFileColorSchema,
  type CaseFile,
  type CaseFileAttachment,
  type CaseFileColor,
  type CaseFileItem,
  type CaseFileItemSummary,
  type CaseFileLetterRef,
} from '@kuvert/shared/case-files';
import type { LetterRef } from '../letters/letter-lookups.service.ts';
import type { UploadRef } from '../uploads/upload-lookups.service.ts';
import type { ItemSummaryRow, ItemWithFileRow } from './case-file-items.repository.ts';
import type { CaseFileTableRow } from './case-files.repository.ts';

export function toColor(value: string): CaseFileColor {
  const parsed = caseFileColorSchema.safeParse(value);
  return parsed.success ? parsed.data : 'blue';
}

export function toCaseFile(row: CaseFileTableRow): CaseFile {
  return {
    id: row.id,
    account_id: row.account_id,
    title: row.title,
    description: row.description,
    color: toColor(row.color),
    item_count: Number(row.item_count),
    last_activity_at: row.last_activity_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    trashed_at: row.trashed_at,
  };
}

export function toLetterRef(ref: LetterRef): CaseFileLetterRef {
  return {
    id: ref.id,
    direction: ref.direction,
    kind: ref.kind,
    subject: ref.subject,
    counterpart: ref.counterpart,
    created_at: ref.created_at,
    trashed: ref.trashed_at !== null,
  };
}

export function toAttachment(ref: UploadRef): CaseFileAttachment {
  return {
    upload_id: ref.id,
    name: ref.name,
    content_type: ref.content_type,
    size: ref.size,
    has_thumbnail: ref.has_thumbnail,
    trashed: ref.trashed_at !== null,
  };
}

/** The notes on one line, cut at a word boundary. */
export function toNotesSnippet(notes: string): string {
  const flat = notes.replace(/\s+/g, ' ').trim();
  if (flat.length <= CASE_FILE_NOTES_SNIPPET_LENGTH) return flat;
  const cut = flat.slice(0, CASE_FILE_NOTES_SNIPPET_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > CASE_FILE_NOTES_SNIPPET_LENGTH / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.trimEnd()}…`;
}

/** The item's links, looked up: letters and attachments by id. */
export interface LinkedRefs {
  letters: ReadonlyMap<string, LetterRef>;
  uploads: ReadonlyMap<string, UploadRef>;
}

function present<T, R>(ids: readonly string[], refs: ReadonlyMap<string, T>, map: (ref: T) => R) {
  return ids.flatMap((id) => {
    const ref = refs.get(id);
    return ref === undefined ? [] : [map(ref)];
  });
}

export function toItemSummary(
  row: ItemSummaryRow,
  links: { letterIds: readonly string[]; uploadIds: readonly string[] },
  refs: LinkedRefs,
): CaseFileItemSummary {
  return {
    id: row.id,
    file_id: row.file_id,
    title: row.title,
    date: row.item_date,
    notes_snippet: toNotesSnippet(row.notes_head),
    letters: present(links.letterIds, refs.letters, toLetterRef),
    letter_count: Number(row.letter_count ?? 0),
    attachments: present(links.uploadIds, refs.uploads, toAttachment),
    attachment_count: Number(row.attachment_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toCaseFileItem(
  row: ItemWithFileRow,
  links: { letterIds: readonly string[]; uploadIds: readonly string[] },
  refs: LinkedRefs,
): CaseFileItem {
  return {
    id: row.id,
    file_id: row.file_id,
    file_title: row.file_title,
    file_color: toColor(row.file_color),
    title: row.title,
    date: row.item_date,
    notes: row.notes,
    letters: present(links.letterIds, refs.letters, toLetterRef),
    attachments: present(links.uploadIds, refs.uploads, toAttachment),
    created_at: row.created_at,
    updated_at: row.updated_at,
    trashed_at: row.trashed_at,
  };
}
