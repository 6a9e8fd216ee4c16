import { Paper, Stack, Text, Title } from '@mantine/core';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { formatFileSize } from '../../../lib/dates.ts';
import { formatDateTime, getLanguage, useTranslation } from '../../../lib/i18n.ts';
import { getNumberFormat } from '../../../lib/intl-format.ts';
import classes from './upload-facts.module.css';
import { typeLabel } from './upload-labels.ts';

/** Type, size, pages, who uploaded it when, and its SHA-256 (to check a copy against). */
export function UploadFacts({ upload }: { upload: UploadDetail }) {
  const { t } = useTranslation();
  const facts: { label: string; value: string; isCode?: boolean }[] = [
    { label: t('uploads.facts.type'), value: typeLabel(t, upload.content_type) },
    {
      label: t('uploads.facts.size'),
      // The exact count next to the rounded one, when they differ.
      value:
        upload.size < 1024
          ? formatFileSize(upload.size)
          : `${formatFileSize(upload.size)} (${t('uploads.facts.bytes', {
              count: upload.size,
              bytes: getNumberFormat(getLanguage(), {}).format(upload.size),
            })})`,
    },
  ];
  if (upload.page_count !== null) {
    facts.push({
      label: t('uploads.facts.pages'),
      value: getNumberFormat(getLanguage(), {}).format(upload.page_count),
    });
  }
  facts.push({ label: t('uploads.facts.uploaded'), value: formatDateTime(upload.created_at) });
  if (upload.uploaded_by !== null) {
    facts.push({ label: t('uploads.facts.uploadedBy'), value: upload.uploaded_by.name });
  }
  facts.push({ label: t('uploads.facts.sha256'), value: upload.sha256, isCode: true });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="upload-facts-title">
      <Stack gap="sm">
        <Title order={2} fz="h5" id="upload-facts-title">
          {t('uploads.facts.title')}
        </Title>
        <dl className={classes.facts}>
          {facts.map((fact) => (
            <div key={fact.label} className={classes.fact}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text
                component="dd"
                size="sm"
                className={fact.isCode ? classes.code : undefined}
                data-testid={fact.isCode ? 'upload-sha256' : undefined}
              >
                {fact.value}
              </Text>
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}
