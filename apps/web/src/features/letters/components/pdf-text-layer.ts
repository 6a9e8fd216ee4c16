import { TextLayer } from 'pdfjs-dist';
import type { PDFPageProxy, PageViewport } from 'pdfjs-dist';
import type { ItemRange } from './pdf-find.ts';

/** A page's text layer once drawn: one element per text item, and each item's text. */
export interface DrawnTextLayer {
  divs: readonly HTMLElement[];
  texts: readonly string[];
}

/**
 * pdf.js's text layer: the page's words as transparent, positioned text over the canvas, so
 * they can be selected, copied, found and read by a screen reader. `signal` cancels it.
 */
export async function drawTextLayer(
  page: PDFPageProxy,
  viewport: PageViewport,
  container: HTMLElement,
  signal: AbortSignal,
): Promise<DrawnTextLayer> {
  container.replaceChildren();
  // The text layer's CSS sizes text and the layer itself by this factor.
  container.style.setProperty('--total-scale-factor', String(viewport.scale));
  const layer = new TextLayer({
    textContentSource: page.streamTextContent(),
    container,
    viewport,
  });
  const cancel = () => layer.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    await layer.render();
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  return { divs: layer.textDivs, texts: layer.textContentItemsStr };
}

export interface HighlightClasses {
  highlight: string;
  selected: string;
}

/** A part of a text item to mark, and whether it belongs to the current match. */
export type Highlight = ItemRange & { isSelected: boolean };

/**
 * Marks the found text in a drawn layer (and unmarks what was marked before); returns the
 * element of the current match, to scroll to.
 */
export function highlightTextLayer(
  layer: DrawnTextLayer,
  highlights: readonly Highlight[],
  classes: HighlightClasses,
): HTMLElement | null {
  let selected: HTMLElement | null = null;
  const byItem = Map.groupBy(highlights, (highlight) => highlight.item);
  layer.divs.forEach((div, item) => {
    const text = layer.texts[item] ?? '';
    const marks = (byItem.get(item) ?? []).toSorted((a, b) => a.start - b.start);
    if (marks.length === 0) {
      if (div.childElementCount > 0) div.textContent = text;
      return;
    }
    const parts: Array<Node | string> = [];
    let offset = 0;
    for (const mark of marks) {
      parts.push(text.slice(offset, mark.start));
      // <mark>: screen readers can say that the text is marked.
      const element = document.createElement('mark');
      element.className = classes.highlight;
      if (mark.isSelected) {
        element.classList.add(classes.selected);
        element.dataset.current = '';
      }
      element.textContent = text.slice(mark.start, mark.end);
      parts.push(element);
      if (mark.isSelected && selected === null) selected = element;
      offset = mark.end;
    }
    parts.push(text.slice(offset));
    div.replaceChildren(...parts);
  });
  return selected;
}
