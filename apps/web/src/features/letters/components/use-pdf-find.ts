import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useMemo, useState } from 'react';
import { findMatches } from './pdf-find.ts';
import type { FindMatch } from './pdf-find.ts';
import { readDocumentText } from './pdf-page-texts.ts';
import type { DocumentText } from './pdf-page-texts.ts';

export interface PdfFind {
  query: string;
  setQuery: (query: string) => void;
  matches: readonly FindMatch[];
  /** Index into `matches` of the current match. */
  current: number;
  next: () => void;
  previous: () => void;
  /** The document's text is still being read for a query. */
  isSearching: boolean;
  /** The document's text, once read (for a query or the text version). */
  text: DocumentText | null;
  /** Reads the text without a query: the text version needs it. */
  readText: () => void;
}

/**
 * Find in document: the matches of the query on every page and which one is current;
 * `showPage` (a state setter: stable) turns to the page of the current match.
 */
export function usePdfFind(pdf: PDFDocumentProxy | null, showPage: (page: number) => void) {
  const [query, setQuery] = useState('');
  const [isTextWanted, setTextWanted] = useState(false);
  const [text, setText] = useState<DocumentText | null>(null);

  // The text is read the first time someone searches or opens the text version.
  const isNeeded = isTextWanted || query.trim() !== '';
  useEffect(() => {
    if (pdf === null || !isNeeded) return;
    let isCancelled = false;
    readDocumentText(pdf)
      .then((read) => {
        if (!isCancelled) setText(read);
      })
      .catch(() => {
        if (!isCancelled) setText({ pages: [], isTruncated: false });
      });
    return () => {
      isCancelled = true;
    };
  }, [pdf, isNeeded]);

  const matches = useMemo(() => (text ? findMatches(text.pages, query) : []), [text, query]);
  // New results start at their first match: the position belongs to the results it was set in.
  const [position, setPosition] = useState({ matches, index: 0 });
  const current = position.matches === matches ? position.index : 0;

  // …wherever that is.
  useEffect(() => {
    const first = matches[0];
    if (first) showPage(first.page);
  }, [matches, showPage]);

  const goTo = (index: number) => {
    if (matches.length === 0) return;
    const wrapped = (index + matches.length) % matches.length;
    setPosition({ matches, index: wrapped });
    const match = matches[wrapped];
    if (match) showPage(match.page);
  };

  return {
    query,
    setQuery,
    matches,
    current,
    next: () => goTo(current + 1),
    previous: () => goTo(current - 1),
    isSearching: query.trim() !== '' && text === null,
    text,
    readText: () => setTextWanted(true),
  } satisfies PdfFind;
}
