import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { itemRangesOf } from './pdf-find.ts';
import { drawTextLayer, highlightTextLayer } from './pdf-text-layer.ts';
import type { DrawnTextLayer } from './pdf-text-layer.ts';
import classes from './pdf-viewer.module.css';
import { fitWidthScale } from './pdf-zoom.ts';
import type { PdfFind } from './use-pdf-find.ts';

/** The zoom the user chose; `fit` follows the width of the viewer. */
export type Zoom = { mode: 'fit' } | { mode: 'scale'; scale: number };

interface PdfPageDrawingOptions {
  pdf: PDFDocumentProxy | null;
  pageNumber: number;
  zoom: Zoom;
  /** The viewer's width in CSS pixels (0 until measured: nothing is drawn before). */
  containerWidth: number;
}

/**
 * Draws the page shown on a canvas (sharp on high-density screens) with pdf.js's text layer
 * over it, again whenever the page, the zoom or the viewer's width changes.
 */
export function usePdfPageDrawing({
  pdf,
  pageNumber,
  zoom,
  containerWidth,
}: PdfPageDrawingOptions) {
  const [renderedScale, setRenderedScale] = useState(1);
  // The loading page stays until the first page is drawn: an empty canvas would collapse.
  const [hasDrawn, setHasDrawn] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textLayerRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<{ page: number; layer: DrawnTextLayer } | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const textLayer = textLayerRef.current;
    if (pdf === null || canvas === null || textLayer === null || containerWidth === 0) return;
    let task: RenderTask | null = null;
    let isCancelled = false;
    const controller = new AbortController();
    void (async () => {
      const page = await pdf.getPage(pageNumber);
      if (isCancelled) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = zoom.mode === 'fit' ? fitWidthScale(natural.width, containerWidth) : zoom.scale;
      const viewport = page.getViewport({ scale });
      // Sharp on high-density screens: draw at device pixels, show at CSS pixels.
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = page.render({
        canvas,
        viewport,
        ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }),
      });
      await task.promise;
      if (isCancelled) return;
      setRenderedScale(scale);
      setHasDrawn(true);
      const layer = await drawTextLayer(page, viewport, textLayer, controller.signal);
      if (!isCancelled) setDrawn({ page: pageNumber, layer });
    })().catch(() => {
      // A cancelled render rejects; a newer one is on its way.
    });
    return () => {
      isCancelled = true;
      task?.cancel();
      controller.abort();
    };
  }, [pdf, pageNumber, zoom, containerWidth]);

  return { canvasRef, textLayerRef, renderedScale, hasDrawn, drawn };
}

/** The find's matches on the page shown are marked, the current one scrolled into view. */
export function useFindHighlights(
  drawn: { page: number; layer: DrawnTextLayer } | null,
  { matches, current, text }: Pick<PdfFind, 'matches' | 'current' | 'text'>,
) {
  useEffect(() => {
    if (drawn === null) return;
    const pageText = text?.pages[drawn.page - 1];
    const highlights = pageText
      ? matches.flatMap((match, index) =>
          match.page === drawn.page
            ? itemRangesOf(pageText, match).map((range) => ({
                ...range,
                isSelected: index === current,
              }))
            : [],
        )
      : [];
    const selected = highlightTextLayer(drawn.layer, highlights, {
      highlight: classes.highlight ?? '',
      selected: classes.selected ?? '',
    });
    selected?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [drawn, matches, current, text]);
}
