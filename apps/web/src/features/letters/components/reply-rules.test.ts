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

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe('checkAttachments', () => {
  it('keeps files within the size and count limits and names the rest', () => {
    const result = checkAttachments(
      [file('a.pdf', 10), file('big.pdf', 101), file('b.png', 100)],
      100,
      10,
    );
    expect(result.accepted.map(({ name }) => name)).toEqual(['a.pdf', 'b.png']);
    expect(result.tooLarge).toEqual(['big.pdf']);
    expect(result.overLimit).toBe(false);
  });

  it('drops files beyond the count limit', () => {
    const result = checkAttachments([file('1', 1), file('2', 1), file('3', 1)], 100, 2);
    expect(result.accepted).toHaveLength(2);
    expect(result.overLimit).toBe(true);
  });
});
