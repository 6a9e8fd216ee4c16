import { describe, expect, it } from 'vitest';
import {
  MAX_DISMISSED_SUGGESTIONS,
  parseDismissed,
  withDismissed,
} from './letter-case-files-dismissed.ts';

describe('dismissed file suggestions', () => {
  it('reads what it wrote and nothing else', () => {
    expect(parseDismissed(JSON.stringify(['l1:f1', 'l2:f1']))).toEqual(['l1:f1', 'l2:f1']);
    expect(parseDismissed(null)).toEqual([]);
    expect(parseDismissed('not json')).toEqual([]);
    expect(parseDismissed('{"l1":"f1"}')).toEqual([]);
    expect(parseDismissed('["l1:f1", 7]')).toEqual(['l1:f1']);
  });

  it('remembers each letter and file once, forgetting the oldest past the limit', () => {
    expect(withDismissed(['l1:f1', 'l2:f1'], 'l1', 'f1')).toEqual(['l2:f1', 'l1:f1']);
    const full = Array.from({ length: MAX_DISMISSED_SUGGESTIONS }, (_, index) => `l${index}:f`);
    const next = withDismissed(full, 'new', 'f');
    expect(next).toHaveLength(MAX_DISMISSED_SUGGESTIONS);
    expect(next[0]).toBe('l1:f');
    expect(next.at(-1)).toBe('new:f');
  });
});
