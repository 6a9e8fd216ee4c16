import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { IconDownload, IconFileText, IconPhoto, IconShieldCheck } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import type { LetterDocument } from '@kuvert/shared/letters';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useWhenIdle } from '../../../lib/use-when-idle.ts';
import { documentContentUrl } from '../api/get-letter.ts';
import { DocumentTextNotice } from './document-text-notice.tsx';
import { PdfViewerPlaceholder } from './pdf-viewer-frame.tsx';

// pdf.js is large: its own chunk, fetched only when a letter with a PDF is opened, and only
// once the letter itself is on screen (see DeferredPdfViewer).
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

interface DeferredPdfViewerProps {
  url: string;
  downloadUrl: string;
  filename: string;
}

/**
 * The letter's text and facts paint first; pdf.js (a large download and a long script) is
 * fetched once the browser is idle. Until then the viewer's frame holds the page's place.
 */
export function DeferredPdfViewer(props: DeferredPdfViewerProps) {
  const isIdle = useWhenIdle();
  const placeholder = (
    <PdfViewerPlaceholder
      filename={props.filename}
      url={props.url}
      downloadUrl={props.downloadUrl}
    />
  );
  if (!isIdle) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PdfViewer {...props} />
    </Suspense>
  );
}

interface InlinePdfProps {
  letterId: string;
  document: LetterDocument;
}

/** A PDF in the viewer; one whose text could not be read only when the user asks for it. */
function InlinePdf({ letterId, document }: InlinePdfProps) {
  const [isShownAnyway, setShownAnyway] = useState(false);
  const url = documentContentUrl(letterId, document.id, 'inline');
  const downloadUrl = documentContentUrl(letterId, document.id, 'attachment');
  const isFailed = document.text_status === 'failed';
  return (
    <>
      {isFailed ? (
        <DocumentTextNotice
          filename={document.filename}
          failure={document.text_failure}
          downloadUrl={downloadUrl}
          onShow={isShownAnyway ? undefined : () => setShownAnyway(true)}
        />
      ) : null}
      {!isFailed || isShownAnyway ? (
        <DeferredPdfViewer url={url} downloadUrl={downloadUrl} filename={document.filename} />
      ) : null}
    </>
  );
}

const isPdf = (document: LetterDocument) => document.content_type === 'application/pdf';
const isImage = (document: LetterDocument) => document.content_type.startsWith('image/');

interface LetterDocumentsProps {
  letterId: string;
  documents: readonly LetterDocument[];
}

/**
 * The letter's documents, received or sent: PDFs in the viewer, images shown, every file
 * listed to download.
 */
export function LetterDocuments({ letterId, documents }: LetterDocumentsProps) {
  const { t } = useTranslation();
  if (documents.length === 0) return null;
  // A signature request's sealed copy is the one that counts now: it comes first.
  const ordered = [
    ...documents.filter((document) => document.role === 'sealed'),
    ...documents.filter((document) => document.role !== 'sealed'),
  ];
  // The sealed copy holds the original's pages and the audit trail: one viewer of it, not two
  // that look alike. The original stays in the list below, to download.
  const hasSealedCopy = documents.some((document) => document.role === 'sealed');
  const isShown = (document: LetterDocument) =>
    (isPdf(document) || isImage(document)) &&
    (!hasSealedCopy || document.role === 'sealed' || !isPdf(document));
  return (
    <Stack gap="md">
      {ordered.filter(isShown).map((document) =>
        isPdf(document) ? (
          <InlinePdf key={document.id} letterId={letterId} document={document} />
        ) : (
          <Paper key={document.id} withBorder radius="md" p="sm">
            <Image
              src={documentContentUrl(letterId, document.id, 'inline')}
              alt={document.filename}
              fit="contain"
              mah={720}
            />
          </Paper>
        ),
      )}
      <Stack
        gap={6}
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label={t('letters.detail.documents')}
      >
        {ordered.map((document) => {
          const downloadUrl = documentContentUrl(letterId, document.id, 'attachment');
          const label = t('pdf.download', { name: document.filename });
          const isSealed = document.role === 'sealed';
          return (
            <Group component="li" key={document.id} gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon
                  variant="light"
                  color={isSealed ? 'teal' : 'gray'}
                  radius="md"
                  aria-hidden="true"
                >
                  {isSealed ? (
                    <IconShieldCheck size={18} />
                  ) : isImage(document) ? (
                    <IconPhoto size={18} />
                  ) : (
                    <IconFileText size={18} />
                  )}
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Anchor
                      href={downloadUrl}
                      download={document.filename}
                      fw={600}
                      size="sm"
                      truncate
                    >
                      {document.filename}
                    </Anchor>
                    {isSealed ? (
                      <Badge
                        variant="light"
                        color="teal"
                        c="var(--kuvert-color-success-text)"
                        radius="sm"
                        tt="none"
                        style={{ flexShrink: 0 }}
                      >
                        {t('letters.detail.sealedCopy')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[
                      formatFileSize(document.size),
                      document.text_status === 'pending' ? t('letters.detail.readingText') : null,
                      document.text_status === 'failed' ? t('letters.detail.textNotRead') : null,
                      document.page_count === null
                        ? null
                        : t('letters.detail.pages', { count: document.page_count }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              </Group>
              <Tooltip label={label}>
                <ActionIcon
                  data-print-hide=""
                  component="a"
                  href={downloadUrl}
                  download={document.filename}
                  variant="subtle"
                  color="gray.8"
                  size="lg"
                  aria-label={label}
                >
                  <IconDownload size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
