import { Button, Group, Stack, Text } from '@mantine/core';
import { GlobalWorkerOptions } from 'pdfjs-dist';
// oxlint-disable-next-line import/default -- a Vite `?url` import: the file's URL, not a module
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { KeyboardEvent } from 'react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { formatCount } from './pdf-find-bar.tsx';
import { drawPagesForPrint, MAX_PRINT_PAGES, printPages, usePrintSource } from './pdf-print.ts';
import { PdfTextVersion } from './pdf-text-version.tsx';
import { PdfPageLoading, PdfViewerFrame } from './pdf-viewer-frame.tsx';
import classes from './pdf-viewer.module.css';
import { clampZoom, ZOOM_STEP } from './pdf-zoom.ts';
import { usePdfDocument } from './use-pdf-document.ts';
import { useFindHighlights, usePdfPageDrawing } from './use-pdf-page-drawing.ts';
import type { Zoom } from './use-pdf-page-drawing.ts';
import { usePdfFind } from './use-pdf-find.ts';

// The worker comes from our own origin (CSP: worker-src 'self').
GlobalWorkerOptions.workerSrc = workerUrl;

interface PdfViewerProps {
  url: string;
  downloadUrl: string;
  filename: string;
}

/**
 * One PDF page at a time on a canvas, with pdf.js's text layer over it (select, copy, screen
 * readers): previous/next, page x of y, find in document, zoom in/out/fit width, text version,
 * print, open in a new tab, download. Arrow keys, +/- and Ctrl+F work when the viewer has focus.
 */
export default function PdfViewer(props: PdfViewerProps) {
  const [attempt, setAttempt] = useState(0);
  // A retry starts over with a fresh viewer.
  return (
    <PdfDocumentViewer
      key={`${props.url}#${attempt}`}
      {...props}
      onRetry={() => setAttempt((value) => value + 1)}
    />
  );
}

function PdfDocumentViewer({
  url,
  downloadUrl,
  filename,
  onRetry,
}: PdfViewerProps & { onRetry: () => void }) {
  const { t } = useTranslation();
  const state = usePdfDocument(url);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState<Zoom>({ mode: 'fit' });
  const [containerWidth, setContainerWidth] = useState(0);
  const findInputRef = useRef<HTMLInputElement>(null);
  const [region, setRegion] = useState<HTMLDivElement | null>(null);
  const [isTextVersionOpen, setTextVersionOpen] = useState(false);
  const [isPrinting, setPrinting] = useState(false);
  const textVersionId = useId();

  // Fit width follows the viewer's width (window resize, rotation, sidebar).
  const containerRef = useCallback((element: HTMLDivElement | null) => {
    setRegion(element);
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setContainerWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const pdf = state.status === 'ready' ? state.document : null;
  const pageCount = pdf?.numPages ?? 0;
  const find = usePdfFind(pdf, setPageNumber);
  const { canvasRef, textLayerRef, renderedScale, hasDrawn, drawn } = usePdfPageDrawing({
    pdf,
    pageNumber,
    zoom,
    containerWidth,
  });
  useFindHighlights(drawn, find);

  const pageLabel = useCallback(
    (page: number) =>
      t('pdf.pageImage', {
        page: formatCount(page),
        pages: formatCount(pdf?.numPages ?? 0),
        name: filename,
      }),
    [t, pdf, filename],
  );
  // The letter's Print action prints this document's pages after the letter.
  usePrintSource(
    useMemo(
      () =>
        pdf === null || region === null
          ? null
          : { element: region, draw: () => drawPagesForPrint(pdf, pageLabel) },
      [pdf, region, pageLabel],
    ),
  );

  const print = async () => {
    if (pdf === null) return;
    setPrinting(true);
    try {
      if (pdf.numPages > MAX_PRINT_PAGES) {
        notify({
          type: 'warning',
          message: t('pdf.printFirstPages', { pages: formatCount(MAX_PRINT_PAGES) }),
        });
      }
      printPages('document', [await drawPagesForPrint(pdf, pageLabel)]);
    } catch {
      notify({ type: 'negative', message: t('pdf.printFailed') });
    } finally {
      setPrinting(false);
    }
  };

  const toggleTextVersion = () => {
    if (!isTextVersionOpen) find.readText();
    setTextVersionOpen(!isTextVersionOpen);
  };

  const goTo = (next: number) => setPageNumber(Math.max(1, Math.min(next, pageCount)));
  const zoomBy = (direction: 1 | -1) =>
    setZoom({ mode: 'scale', scale: clampZoom(renderedScale + direction * ZOOM_STEP) });

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'f' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      findInputRef.current?.focus();
      return;
    }
    const actions: Record<string, () => void> = {
      ArrowLeft: () => goTo(pageNumber - 1),
      PageUp: () => goTo(pageNumber - 1),
      ArrowRight: () => goTo(pageNumber + 1),
      PageDown: () => goTo(pageNumber + 1),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom({ mode: 'fit' }),
    };
    const action = actions[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  };

  return (
    <PdfViewerFrame
      filename={filename}
      url={url}
      downloadUrl={downloadUrl}
      regionRef={containerRef}
      onKeyDown={handleKeyDown}
      findInputRef={findInputRef}
      textVersionId={textVersionId}
      textVersion={
        isTextVersionOpen ? (
          <PdfTextVersion id={textVersionId} filename={filename} text={find.text} />
        ) : null
      }
      toolbar={{
        pageCount: pdf === null ? null : pageCount,
        pageNumber,
        isFitWidth: zoom.mode === 'fit',
        renderedScale,
        onPrevious: () => goTo(pageNumber - 1),
        onNext: () => goTo(pageNumber + 1),
        onZoomOut: () => zoomBy(-1),
        onZoomIn: () => zoomBy(1),
        onFitWidth: () => setZoom({ mode: 'fit' }),
        onPrint: () => void print(),
        isPrinting,
        isTextVersionOpen,
        onToggleTextVersion: toggleTextVersion,
        find:
          pdf === null
            ? undefined
            : {
                query: find.query,
                matchCount: find.isSearching ? null : find.matches.length,
                current: find.current,
                searchedPages: find.text?.isTruncated ? find.text.pages.length : null,
                onQueryChange: find.setQuery,
                onNext: find.next,
                onPrevious: find.previous,
              },
      }}
    >
      {state.status === 'loading' || (state.status === 'ready' && !hasDrawn) ? (
        <PdfPageLoading />
      ) : null}
      {state.status === 'error' ? (
        <PdfLoadError downloadUrl={downloadUrl} filename={filename} onRetry={onRetry} />
      ) : null}
      {state.status === 'ready' ? (
        <div className={classes.page} style={{ display: hasDrawn ? undefined : 'none' }}>
          <canvas
            ref={canvasRef}
            className={classes.canvas}
            role="img"
            aria-label={pageLabel(pageNumber)}
          />
          <div ref={textLayerRef} className={classes.textLayer} />
        </div>
      ) : null}
    </PdfViewerFrame>
  );
}

/** The PDF could not be shown: try again, or download it instead. */
function PdfLoadError({
  downloadUrl,
  filename,
  onRetry,
}: {
  downloadUrl: string;
  filename: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py={48} gap="sm" role="alert">
      <Text>{t('pdf.error')}</Text>
      <Group gap="sm">
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('pdf.retry')}
        </Button>
        <Button size="xs" variant="default" component="a" href={downloadUrl} download={filename}>
          {t('pdf.downloadInstead')}
        </Button>
      </Group>
    </Stack>
  );
}
