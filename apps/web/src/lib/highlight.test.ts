// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  SEARCH_HIGHLIGHT_END as END,
  SEARCH_HIGHLIGHT_START as START,
} from '@kuvert/shared/search';
import { splitHighlights } from './highlight.ts';

describe('splitHighlights', () => {
  it('splits a snippet into plain and matched text', () => {
    expect(splitHighlights(`Your ${START}invoice${END} for ${START}May${END}.`)).toEqual([
      { text: 'Your ', isMatch: false },
      { text: 'invoice', isMatch: true },
      { text: ' for ', isMatch: false },
      { text: 'May', isMatch: true },
      { text: '.', isMatch: false },
    ]);
  });

  it('keeps markup as text, never as HTML', () => {
    expect(splitHighlights(`<b>${START}<img src=x onerror=alert(1)>${END}</b>`)).toEqual([
      { text: '<b>', isMatch: false },
      { text: '<img src=x onerror=alert(1)>', isMatch: true },
      { text: '</b>', isMatch: false },
    ]);
  });

  it('tolerates unbalanced and adjacent markers', () => {
    expect(splitHighlights(`a${START}b`)).toEqual([
      { text: 'a', isMatch: false },
      { text: 'b', isMatch: true },
    ]);
    expect(splitHighlights(`a${END}b`)).toEqual([{ text: 'ab', isMatch: false }]);
    expect(splitHighlights(`${START}x${END}${START}y${END}`)).toEqual([
      { text: 'xy', isMatch: true },
    ]);
    expect(splitHighlights('')).toEqual([]);
  });

  it('keeps characters outside the basic plane whole', () => {
    expect(splitHighlights(`${START}📄${END} Brief`)).toEqual([
      { text: '📄', isMatch: true },
      { text: ' Brief', isMatch: false },
    ]);
  });
});
