import { Mark } from '@mantine/core';
import { splitHighlights } from '../../lib/highlight.ts';

/** A search snippet with its matches marked; the snippet is only ever treated as text. */
export function HighlightedText({ snippet }: { snippet: string }) {
  return (
    <>
      {splitHighlights(snippet).map((segment, index) =>
        segment.isMatch ? (
          <Mark
            key={index}
            color="yellow.3"
            px={2}
            style={{ borderRadius: 3, color: 'var(--mantine-color-black)' }}
          >
            {segment.text}
          </Mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
