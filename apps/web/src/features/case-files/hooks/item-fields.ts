import { z } from 'zod';
import {
  CASE_FILE_ITEM_MAX_LINKS,
  caseFileItemNotesSchema,
  caseFileItemTitleSchema,
} from '@kuvert/shared/case-files';
import type {
  CaseFileAttachment,
  CaseFileItem,
  CaseFileLetterRef,
  CreateCaseFileItemRequest,
} from '@kuvert/shared/case-files';
import type { LetterSummary } from '@kuvert/shared/letters';
import { correspondentOf } from '../../../lib/correspondent.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';

export const itemFields = ['title', 'date', 'notes', 'letter_ids', 'upload_ids'] as const;
export type ItemField = (typeof itemFields)[number];
export type ItemErrors = FieldErrors<ItemField>;

/** A letter the item links, as the form lists it. */
export type ItemLetter = Omit<CaseFileLetterRef, 'kind'>;

/** An upload the item carries, as the form lists it. */
export type ItemAttachment = Pick<CaseFileAttachment, 'upload_id' | 'name' | 'size' | 'trashed'>;

/** What the item's form holds, as typed and chosen. */
export interface ItemFormValues {
  title: string;
  /** `YYYY-MM-DD`, as the date field gives it. */
  date: string;
  notes: string;
  letters: ItemLetter[];
  attachments: ItemAttachment[];
}

export function emptyItemForm(today: string): ItemFormValues {
  return { title: '', date: today, notes: '', letters: [], attachments: [] };
}

export function itemFormValuesOf(item: CaseFileItem): ItemFormValues {
  return {
    title: item.title,
    date: item.date,
    notes: item.notes,
    letters: item.letters.map(({ kind: _kind, ...letter }) => letter),
    attachments: item.attachments.map(({ upload_id, name, size, trashed }) => ({
      upload_id,
      name,
      size,
      trashed,
    })),
  };
}

/** A letter chosen in the picker, as the item will show it. */
export function itemLetterOf(letter: LetterSummary): ItemLetter {
  return {
    id: letter.id,
    direction: letter.direction,
    subject: letter.subject,
    counterpart: correspondentOf(letter).name,
    created_at: letter.created_at,
    trashed: letter.trashed_at !== null,
  };
}

export function itemRequestOf(values: ItemFormValues): Required<CreateCaseFileItemRequest> {
  return {
    title: values.title.trim(),
    date: values.date,
    notes: values.notes,
    letter_ids: values.letters.map(({ id }) => id),
    upload_ids: values.attachments.map(({ upload_id: id }) => id),
  };
}

const itemRequestSchema = z.object({
  title: caseFileItemTitleSchema,
  date: z.iso.date(),
  notes: caseFileItemNotesSchema,
  letter_ids: z.array(z.string()).max(CASE_FILE_ITEM_MAX_LINKS),
  upload_ids: z.array(z.string()).max(CASE_FILE_ITEM_MAX_LINKS),
});

/** The problems of each field, translated; none when the item can be saved. */
export function validateItem(t: TFunction, values: ItemFormValues): ItemErrors {
  const errors = validateFields(t, itemRequestSchema, itemRequestOf(values));
  // An emptied date field is a missing date, not a malformed one.
  if (values.date === '') errors.date = t('validation.required');
  // The lists' own words: "at most 100", not "at most 100 characters".
  const tooMany = t('caseFiles.item.tooManyLinks', { max: CASE_FILE_ITEM_MAX_LINKS });
  if (errors.letter_ids !== undefined) errors.letter_ids = tooMany;
  if (errors.upload_ids !== undefined) errors.upload_ids = tooMany;
  return errors;
}

export function serverItemErrors(t: TFunction, error: unknown): ItemErrors {
  return serverFieldErrors(t, error, itemFields);
}

/** Whether the form differs from what it started with (leaving then asks first). */
export function isItemFormChanged(initial: ItemFormValues, current: ItemFormValues): boolean {
  return JSON.stringify(itemRequestOf(initial)) !== JSON.stringify(itemRequestOf(current));
}
