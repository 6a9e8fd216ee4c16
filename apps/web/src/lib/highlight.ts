import { SEARCH_HIGHLIGHT_END, SEARCH_HIGHLIGHT_START } from '@kuvert/shared/search';

export interface TextSegment {
  text: string;
  isMatch: boolean;
}

/**
 * Splits a search snippet at its highlight markers into plain text segments. Never HTML:
 * whatever the snippet contains is shown as text. Unbalanced markers are tolerated (a missing
 * end highlights to the end; a stray end is dropped).
 */
export function splitHighlights(snippet: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let isMatch = false;
  let current = '';
  const flush = () => {
    if (current !== '') segments.push({ text: current, isMatch });
    current = '';
  };
  for (const character of snippet) {
    if (character === SEARCH_HIGHLIGHT_START) {
      flush();
      isMatch = true;
    } else if (character === SEARCH_HIGHLIGHT_END) {
      flush();
      isMatch = false;
    } else {
      current += character;
    }
  }
  flush();
  return mergeNeighbours(segments);
}

function mergeNeighbours(segments: TextSegment[]): TextSegment[] {
  const merged: TextSegment[] = [];
  for (const segment of segments) {
    const previous = merged.at(-1);
    if (previous && previous.isMatch === segment.isMatch) previous.text += segment.text;
    else merged.push({ ...segment });
  }
  return merged;
}
