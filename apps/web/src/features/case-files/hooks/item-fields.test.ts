// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CASE_FILE_ITEM_MAX_LINKS } from '@kuvert/shared/case-files';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import type { TFunction } from '../../../lib/i18n.ts';
import {
  emptyItemForm,
  isItemFormChanged,
  itemFormValuesOf,
  itemRequestOf,
  validateItem,
} from './item-fields.ts';
import type { ItemLetter } from './item-fields.ts';

// The key and its values, so a test can see which message was chosen.
const t: TFunction = (key, values) =>
  values === undefined ? key : `${key} ${JSON.stringify(values)}`;

const item: CaseFileItem = {
  id: 'i1',
  file_id: 'f1',
  file_title: 'Steuer 2026',
  file_color: 'teal',
  title: 'Bescheid erhalten',
  date: '2026-11-12',
  notes: 'Einspruch bis 12.12.',
  letters: [
    {
      id: 'l1',
      direction: 'inbound',
      kind: 'letter',
      subject: 'Bescheid',
      counterpart: 'Finanzamt',
      created_at: '2026-11-10T08:00:00.000Z',
      trashed: false,
    },
  ],
  attachments: [
    {
      upload_id: 'u1',
      name: 'scan.pdf',
      content_type: 'application/pdf',
      size: 1200,
      has_thumbnail: true,
      trashed: false,
    },
  ],
  created_at: '2026-11-12T08:00:00.000Z',
  updated_at: '2026-11-12T08:00:00.000Z',
  trashed_at: null,
};

const linked: ItemLetter = {
  id: 'l0',
  direction: 'outbound',
  subject: 'Einspruch',
  counterpart: 'Finanzamt',
  created_at: '2026-11-11T08:00:00.000Z',
  trashed: false,
};

describe('validateItem', () => {
  it('asks for a title and a date, and says a list is full in its own words', () => {
    const values = {
      ...emptyItemForm('2026-11-24'),
      title: '   ',
      date: '',
      letters: Array.from({ length: CASE_FILE_ITEM_MAX_LINKS + 1 }, (_, index) => ({
        ...linked,
        id: `l${index}`,
      })),
    };
    expect(validateItem(t, values)).toEqual({
      title: 'validation.required',
      date: 'validation.required',
      letter_ids: `caseFiles.item.tooManyLinks {"max":${CASE_FILE_ITEM_MAX_LINKS}}`,
    });
    expect(validateItem(t, { ...values, title: 'Anruf', letters: [] })).toEqual({
      date: 'validation.required',
    });
  });
});

describe('item form values', () => {
  it('round-trips an item and notices only real changes', () => {
    const initial = itemFormValuesOf(item);
    expect(itemRequestOf({ ...initial, title: '  Bescheid erhalten ' })).toEqual({
      title: 'Bescheid erhalten',
      date: '2026-11-12',
      notes: 'Einspruch bis 12.12.',
      letter_ids: ['l1'],
      upload_ids: ['u1'],
    });
    expect(isItemFormChanged(initial, { ...initial })).toBe(false);
    expect(isItemFormChanged(initial, { ...initial, attachments: [] })).toBe(true);
    expect(isItemFormChanged(initial, { ...initial, notes: 'Einspruch bis 12.12.\n' })).toBe(true);
  });
});
