// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LetterSummary } from '@kuvert/shared/letters';
import { optimisticChange } from './update-letters.ts';

const letter = { id: 'l1', is_read: false } as const satisfies Partial<LetterSummary>;
const sample: LetterSummary = {
  ...letter,
  account_id: 'a1',
  direction: 'inbound',
  kind: 'letter',
  subject: 'Hello',
  excerpt: '',
  provider: { id: 'p1', name: 'P', has_logo: false, is_verified: false },
  sender_person: null,
  recipients: [],
  created_at: '2026-05-20T10:00:00.000Z',
  folder_id: null,
  trashed_at: null,
  document_count: 0,
  delivery_status: 'delivered',
  invoice: null,
};

describe('optimistic bulk changes', () => {
  it('flips the read state in place', () => {
    const read = optimisticChange({ letter_ids: ['l1'], action: 'mark_read' });
    expect(read?.(sample, { view: 'inbox' })?.is_read).toBe(true);
    const unread = optimisticChange({ letter_ids: ['l1'], action: 'mark_unread' });
    expect(unread?.({ ...sample, is_read: true }, { view: 'inbox' })?.is_read).toBe(false);
  });

  it('takes trashed letters out of every list but the trash, and restored ones out of it', () => {
    const trash = optimisticChange({ letter_ids: ['l1'], action: 'trash' });
    expect(trash?.(sample, { view: 'inbox' })).toBeNull();
    expect(trash?.(sample, { view: 'trash' })).toEqual(sample);
    const restore = optimisticChange({ letter_ids: ['l1'], action: 'restore' });
    expect(restore?.(sample, { view: 'trash' })).toBeNull();
    expect(restore?.(sample, { view: 'inbox' })).toEqual(sample);
  });

  it('leaves moves to the server', () => {
    expect(optimisticChange({ letter_ids: ['l1'], action: 'move', folder_id: 'f1' })).toBeNull();
  });
});
