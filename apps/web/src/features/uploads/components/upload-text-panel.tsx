import { Button, Collapse, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronUp, IconCopy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { useTranslation } from '../../../lib/i18n.ts';
import { isReadingText, textStatusLabel } from './upload-labels.ts';
import { TruncatedTextNote } from './text-preview.tsx';
import classes from './upload-text-panel.module.css';

/**
 * The words Kuvert read in the file (what search finds it by), where they came from (the
 * PDF's text layer, or recognised in a picture), and whether reading is still going on or
 * failed. Closed at first: it can be long.
 */
export function UploadTextPanel({ upload }: { upload: UploadDetail }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const contentId = useId();
  const { text, text_status: status } = upload;
  const hasText = text !== null && text.trim() !== '';
  const source =
    upload.text_source === null ? null : t(`uploads.text.source.${upload.text_source}`);

  let summary: string;
  if (isReadingText(status)) summary = textStatusLabel(t, status) ?? '';
  else if (status === 'failed')
    summary = t(`uploads.text.failure.${upload.text_failure ?? 'crashed'}`);
  else if (!hasText) summary = t('uploads.text.none');
  else summary = source ?? '';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${contentId}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} fz="h5" id={`${contentId}-title`}>
              {t('uploads.text.title')}
            </Title>
            <Text
              size="sm"
              c={status === 'failed' ? 'var(--kuvert-color-alert-text)' : 'dimmed'}
              data-testid="upload-text-status"
            >
              {summary}
            </Text>
          </Stack>
          {hasText ? (
            <Group gap="xs">
              <CopyButton value={text}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={copy}
                    leftSection={
                      copied ? (
                        <IconCheck size={16} aria-hidden="true" />
                      ) : (
                        <IconCopy size={16} aria-hidden="true" />
                      )
                    }
                  >
                    {copied ? t('uploads.text.copied') : t('uploads.text.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => setOpen(!isOpen)}
                aria-expanded={isOpen}
                aria-controls={contentId}
                rightSection={
                  isOpen ? (
                    <IconChevronUp size={16} aria-hidden="true" />
                  ) : (
                    <IconChevronDown size={16} aria-hidden="true" />
                  )
                }
              >
                {isOpen ? t('uploads.text.hide') : t('uploads.text.show')}
              </Button>
            </Group>
          ) : null}
        </Group>
        {hasText ? (
          <Collapse expanded={isOpen} id={contentId}>
            <pre
              className={classes.text}
              tabIndex={0}
              aria-label={t('uploads.preview.textRegion', { name: upload.name })}
            >
              {text}
            </pre>
            <TruncatedTextNote upload={upload} />
          </Collapse>
        ) : null}
      </Stack>
    </Paper>
  );
}
