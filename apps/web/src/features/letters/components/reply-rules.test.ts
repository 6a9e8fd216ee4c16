import { describe, expect, it } from 'vitest';
import { addUploads, checkAttachments, replySubject, uploadRefusal } from './reply-rules.ts';
import type { AttachableUpload } from './reply-rules.ts';

describe('replySubject', () => {
  it('adds "Re:" once', () => {
    expect(replySubject('Your invoice')).toBe('Re: Your invoice');
    expect(replySubject('Re: Your invoice')).toBe('Re: Your invoice');
    expect(replySubject('AW: Ihre Rechnung')).toBe('AW: Ihre Rechnung');
    expect(replySubject('Reminder')).toBe('Re: Reminder');
  });
});

const file = (name: string, size: number, type = 'application/pdf') =>
  new File([new Uint8Array(size)], name, { type });
const limits = (maxBytes: number, maxCount: number) => ({
  maxBytes,
  maxCount,
  types: ['application/pdf', 'image/png'],
});

describe('checkAttachments', () => {
  it('keeps files within the size and count limits and names the rest', () => {
    const result = checkAttachments(
      [file('a.pdf', 10), file('big.pdf', 101), file('b.png', 100, 'image/png')],
      limits(100, 10),
    );
    expect(result.accepted.map(({ name }) => name)).toEqual(['a.pdf', 'b.png']);
    expect(result.tooLarge).toEqual(['big.pdf']);
    expect(result.overLimit).toBe(false);
  });

  it('refuses files of a type that cannot be sent, naming them', () => {
    const result = checkAttachments(
      [file('notes.docx', 10, 'application/msword'), file('odd', 10, ''), file('a.pdf', 10)],
      limits(100, 10),
    );
    expect(result.accepted.map(({ name }) => name)).toEqual(['a.pdf']);
    expect(result.wrongType).toEqual(['notes.docx', 'odd']);
  });

  it('drops files beyond the count limit', () => {
    const result = checkAttachments([file('1', 1), file('2', 1), file('3', 1)], limits(100, 2));
    expect(result.accepted).toHaveLength(2);
    expect(result.overLimit).toBe(true);
  });
});

const upload = (id: string, overrides: Partial<AttachableUpload> = {}): AttachableUpload => ({
  id,
  name: `${id}.pdf`,
  content_type: 'application/pdf',
  size: 10,
  trashed_at: null,
  ...overrides,
});

describe('checkAttachments beside uploads', () => {
  it('counts the uploads already attached towards the limit', () => {
    const result = checkAttachments([file('1', 1), file('2', 1)], limits(100, 3), 2);
    expect(result.accepted.map(({ name }) => name)).toEqual(['1']);
    expect(result.overLimit).toBe(true);
  });
});

describe('uploadRefusal', () => {
  it('says why an upload cannot go with a reply', () => {
    expect(uploadRefusal(upload('a'), limits(100, 10))).toBeNull();
    expect(uploadRefusal(upload('a', { content_type: 'text/csv' }), limits(100, 10))).toBe('type');
    expect(uploadRefusal(upload('a', { size: 101 }), limits(100, 10))).toBe('size');
    expect(
      uploadRefusal(upload('a', { trashed_at: '2026-11-01T10:00:00.000Z' }), limits(100, 10)),
    ).toBe('trashed');
  });
});

describe('addUploads', () => {
  it('adds chosen uploads after those attached, each once', () => {
    const result = addUploads(
      [upload('a')],
      [upload('b'), upload('a'), upload('b')],
      limits(100, 10),
    );
    expect(result.uploads.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(result.refused).toEqual([]);
    expect(result.overLimit).toBe(false);
  });

  it('names the uploads that cannot be sent and leaves them out', () => {
    const result = addUploads(
      [],
      [
        upload('table', { name: 'list.csv', content_type: 'text/csv' }),
        upload('big', { size: 500 }),
      ],
      limits(100, 10),
    );
    expect(result.uploads).toEqual([]);
    expect(result.refused).toEqual([
      { name: 'list.csv', reason: 'type' },
      { name: 'big.pdf', reason: 'size' },
    ]);
  });

  it('stops at the limit, counting the files from the computer', () => {
    const result = addUploads(
      [upload('a')],
      [upload('b'), upload('c'), upload('d')],
      limits(100, 4),
      1,
    );
    expect(result.uploads.map(({ id }) => id)).toEqual(['a', 'b', 'c']);
    expect(result.overLimit).toBe(true);
  });
});
