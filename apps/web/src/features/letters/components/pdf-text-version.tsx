import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatCount } from './pdf-find-bar.tsx';
import type { DocumentText } from './pdf-page-texts.ts';
import classes from './pdf-viewer.module.css';

interface PdfTextVersionProps {
  id: string;
  filename: string;
  /** null while it is read. */
  text: DocumentText | null;
}

/**
 * The document's words as plain text, page by page: for screen readers, for copying, and for
 * reading on a small screen without zooming.
 */
export function PdfTextVersion({ id, filename, text }: PdfTextVersionProps) {
  const { t } = useTranslation();
  const hasText = text !== null && text.pages.some((page) => page.text.trim() !== '');
  return (
    <Stack
      id={id}
      component="section"
      aria-label={t('pdf.textVersionTitle', { name: filename })}
      gap="sm"
      p="md"
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {text === null ? <Loader size="sm" aria-label={t('pdf.loading')} /> : null}
      {text !== null && !hasText ? <Text size="sm">{t('pdf.textVersionEmpty')}</Text> : null}
      {hasText
        ? text.pages.map((page, index) => (
            <Stack key={index} gap={4}>
              <Title order={3} fz="sm">
                {t('pdf.textVersionPage', { page: formatCount(index + 1) })}
              </Title>
              <Text size="sm" className={classes.textVersion}>
                {page.text.trim()}
              </Text>
            </Stack>
          ))
        : null}
      {text?.isTruncated ? (
        <Text size="sm" c="dimmed">
          {t('pdf.textVersionFirstPages', { pages: formatCount(text.pages.length) })}
        </Text>
      ) : null}
    </Stack>
  );
}
