import { ActionIcon, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowsHorizontal,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconExternalLink,
  IconFileText,
  IconPrinter,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { KeyboardEvent, ReactElement, ReactNode, Ref } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatCount, PdfFindBar } from './pdf-find-bar.tsx';
import classes from './pdf-viewer-frame.module.css';
import type { PdfFindState } from './pdf-find-bar.tsx';

/** What the toolbar shows and does; without a document every button but download waits. */
export interface PdfToolbarState {
  /** Pages of the loaded document; null while it loads. */
  pageCount: number | null;
  pageNumber: number;
  isFitWidth: boolean;
  renderedScale: number;
  onPrevious: () => void;
  onNext: () => void;
  onZoomOut: () => void;
  onZoomIn: () => void;
  onFitWidth: () => void;
  onPrint: () => void;
  isPrinting: boolean;
  isTextVersionOpen: boolean;
  onToggleTextVersion: () => void;
  /** Absent until the document is loaded. */
  find?: PdfFindState;
}

interface PdfViewerFrameProps {
  filename: string;
  /** The document itself, for the browser to show in a tab of its own. */
  url: string;
  downloadUrl: string;
  toolbar: PdfToolbarState;
  /** The text version, under the page. */
  textVersion?: ReactNode;
  textVersionId?: string;
  findInputRef?: Ref<HTMLInputElement>;
  /** Off for the placeholder, whose buttons wait for pdf.js anyway (see labelled). */
  withTooltips?: boolean;
  regionRef?: Ref<HTMLDivElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}

const nothing = () => {};

/**
 * The PDF viewer's frame and toolbar, without pdf.js: the letter page shows it at once and
 * the viewer (a large chunk) fills it in later, so nothing around it moves.
 */
export function PdfViewerFrame({
  filename,
  url,
  downloadUrl,
  toolbar,
  textVersion,
  textVersionId,
  findInputRef,
  withTooltips = true,
  regionRef,
  onKeyDown,
  children,
}: PdfViewerFrameProps) {
  const { t } = useTranslation();
  // Each Mantine tooltip mounts a portal and positioning hooks, work that the placeholder,
  // painted with the letter itself, does without: its controls look the same.
  const labelled = (label: string, control: ReactElement) =>
    withTooltips ? <Tooltip label={label}>{control}</Tooltip> : control;
  const { pageCount, pageNumber, isFitWidth } = toolbar;
  const isReady = pageCount !== null;
  return (
    <Paper withBorder radius="md" className={classes.frame} data-pdf-viewer="">
      <Group
        justify="space-between"
        gap="xs"
        px="sm"
        py={6}
        wrap="wrap"
        className={classes.toolbar}
      >
        <Group gap={4} wrap="nowrap">
          {labelled(
            t('pdf.previous'),
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              onClick={toolbar.onPrevious}
              disabled={pageNumber <= 1 || !isReady}
              aria-label={t('pdf.previous')}
            >
              <IconChevronLeft size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
          <Text
            size="sm"
            fw={600}
            aria-live="polite"
            data-testid="pdf-page-status"
            miw={96}
            ta="center"
          >
            {isReady
              ? t('pdf.pageOf', { page: formatCount(pageNumber), pages: formatCount(pageCount) })
              : '–'}
          </Text>
          {labelled(
            t('pdf.next'),
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              onClick={toolbar.onNext}
              disabled={!isReady || pageNumber >= pageCount}
              aria-label={t('pdf.next')}
            >
              <IconChevronRight size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
        </Group>
        <PdfFindBar find={toolbar.find} inputRef={findInputRef} filename={filename} />
        <Group gap={4} wrap="wrap">
          {labelled(
            t('pdf.zoomOut'),
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              onClick={toolbar.onZoomOut}
              disabled={!isReady}
              aria-label={t('pdf.zoomOut')}
            >
              <IconZoomOut size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
          <Text size="sm" c="dimmed" miw={44} ta="center" aria-hidden="true">
            {Math.round(toolbar.renderedScale * 100)}%
          </Text>
          {labelled(
            t('pdf.zoomIn'),
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              onClick={toolbar.onZoomIn}
              disabled={!isReady}
              aria-label={t('pdf.zoomIn')}
            >
              <IconZoomIn size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
          {labelled(
            t('pdf.fitWidth'),
            <ActionIcon
              variant={isFitWidth ? 'light' : 'subtle'}
              color={isFitWidth ? 'kuvert' : 'gray.8'}
              size="lg"
              onClick={toolbar.onFitWidth}
              disabled={!isReady}
              aria-label={t('pdf.fitWidth')}
              aria-pressed={isFitWidth}
            >
              <IconArrowsHorizontal size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
          {labelled(
            t('pdf.textVersion'),
            <ActionIcon
              variant={toolbar.isTextVersionOpen ? 'light' : 'subtle'}
              color={toolbar.isTextVersionOpen ? 'kuvert' : 'gray.8'}
              size="lg"
              onClick={toolbar.onToggleTextVersion}
              disabled={!isReady}
              aria-label={t('pdf.textVersion')}
              aria-expanded={toolbar.isTextVersionOpen}
              aria-controls={toolbar.isTextVersionOpen ? textVersionId : undefined}
            >
              <IconFileText size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
          {labelled(
            t('pdf.print'),
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              onClick={toolbar.onPrint}
              disabled={!isReady}
              loading={toolbar.isPrinting}
              aria-label={t('pdf.print')}
            >
              <IconPrinter size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
          {labelled(
            t('pdf.openInNewTab'),
            <ActionIcon
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="gray.8"
              size="lg"
              aria-label={t('pdf.openInNewTab')}
            >
              <IconExternalLink size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
          {labelled(
            t('pdf.download', { name: filename }),
            <ActionIcon
              component="a"
              href={downloadUrl}
              download={filename}
              variant="subtle"
              color="gray.8"
              size="lg"
              aria-label={t('pdf.download', { name: filename })}
            >
              <IconDownload size={20} aria-hidden="true" />
            </ActionIcon>,
          )}
        </Group>
      </Group>
      <div
        ref={regionRef}
        role="region"
        aria-label={t('pdf.region', { name: filename })}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className={classes.region}
      >
        {children}
      </div>
      {textVersion}
    </Paper>
  );
}

/**
 * A page-sized space with a spinner. Letters are A4: the page drawn at the viewer's width
 * takes the same room, so it replaces this without pushing what follows down.
 */
export function PdfPageLoading() {
  const { t } = useTranslation();
  return (
    <Stack
      align="center"
      justify="center"
      gap="xs"
      role="status"
      style={{ aspectRatio: '595 / 842', maxHeight: 'calc(80vh - 24px)' }}
    >
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">{t('pdf.loading')}</Text>
    </Stack>
  );
}

/** The viewer as it looks before pdf.js is there: the frame, its toolbar, a loading page. */
export function PdfViewerPlaceholder({
  filename,
  url,
  downloadUrl,
}: {
  filename: string;
  url: string;
  downloadUrl: string;
}) {
  return (
    <PdfViewerFrame
      filename={filename}
      url={url}
      downloadUrl={downloadUrl}
      withTooltips={false}
      toolbar={{
        pageCount: null,
        pageNumber: 1,
        isFitWidth: true,
        renderedScale: 1,
        onPrevious: nothing,
        onNext: nothing,
        onZoomOut: nothing,
        onZoomIn: nothing,
        onFitWidth: nothing,
        onPrint: nothing,
        isPrinting: false,
        isTextVersionOpen: false,
        onToggleTextVersion: nothing,
      }}
    >
      <PdfPageLoading />
    </PdfViewerFrame>
  );
}
