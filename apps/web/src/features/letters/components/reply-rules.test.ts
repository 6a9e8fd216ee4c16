import { describe, expect, it } from 'vitest';
import { checkAttachments, replySubject } from './reply-rules.ts';

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
