import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { formatFileSize } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { uploadContentUrl } from '../api/upload-urls.ts';
import { useUploadActions } from '../hooks/use-upload-actions.ts';
import { ImagePreview } from './image-preview.tsx';
import { RenameUploadDialog } from './rename-upload-dialog.tsx';
import { TablePreview } from './table-preview.tsx';
import { TextPreview } from './text-preview.tsx';
import { typeLabel } from './upload-labels.ts';
import { UploadDuplicateNotice } from './upload-duplicate-notice.tsx';
import { UploadFacts } from './upload-facts.tsx';
import { UploadTextPanel } from './upload-text-panel.tsx';

export interface PdfPreviewProps {
  url: string;
  downloadUrl: string;
  filename: string;
}

interface UploadDetailViewProps {
  upload: UploadDetail;
  canWrite: boolean;
  /** The portal's PDF viewer (the letters' one), handed in by the page. */
  renderPdf: (props: PdfPreviewProps) => ReactNode;
  /**
   * What other areas offer for this upload ("use in a letter", "add to a case file"): shown
   * with the upload's own actions, to those who may write.
   */
  renderActions?: (upload: UploadDetail) => ReactNode;
  /** After it went to the trash from here: back to the list. */
  onTrashed: () => void;
}

/**
 * A PDF whose text Kuvert could not read waits for a click: what broke a limit on the server
 * (a million pages, a bomb) may also stall the browser's viewer.
 */
function HeldBackPdf({ reason, renderPdf }: { reason: string; renderPdf: () => ReactNode }) {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  if (isShown) return renderPdf();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{reason}</Text>
        <Text size="sm">{t('uploads.preview.heldBack')}</Text>
        <Button variant="default" size="xs" onClick={() => setShown(true)}>
          {t('uploads.preview.showAnyway')}
        </Button>
      </Stack>
    </Paper>
  );
}

function UploadPreview({ upload, renderPdf }: Pick<UploadDetailViewProps, 'upload' | 'renderPdf'>) {
  const { t } = useTranslation();
  const url = uploadContentUrl(upload.id, 'inline');
  const downloadUrl = uploadContentUrl(upload.id, 'attachment');
  switch (upload.kind) {
    case 'pdf':
      return upload.text_status === 'failed' ? (
        <HeldBackPdf
          reason={t(`uploads.text.failure.${upload.text_failure ?? 'crashed'}`)}
          renderPdf={() => renderPdf({ url, downloadUrl, filename: upload.name })}
        />
      ) : (
        renderPdf({ url, downloadUrl, filename: upload.name })
      );
    case 'image':
      return <ImagePreview url={url} name={upload.name} />;
    case 'table':
      return (
        <TablePreview
          uploadId={upload.id}
          name={upload.name}
          detectedEncoding={upload.encoding}
          detectedDelimiter={upload.delimiter}
        />
      );
    case 'text':
      return <TextPreview upload={upload} />;
  }
}

/** /uploads/{id}: the document shown, its text, its facts, and what can be done with it. */
export function UploadDetailView({
  upload,
  canWrite,
  renderPdf,
  renderActions,
  onTrashed,
}: UploadDetailViewProps) {
  const { t } = useTranslation();
  const actions = useUploadActions(upload.account_id);
  const [isRenameOpen, setRenameOpen] = useState(false);
  const isTrashed = upload.trashed_at !== null;
  useEffect(() => {
    document.title = `${upload.name} · Kuvert`;
  }, [upload.name]);

  const summary = [
    typeLabel(t, upload.content_type),
    formatFileSize(upload.size),
    upload.page_count === null ? null : t('uploads.pages', { count: upload.page_count }),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Stack gap={4}>
        <Title
          order={1}
          fz={{ base: 24, sm: 28 }}
          lh={1.25}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere' }}
        >
          {upload.name}
        </Title>
        <Text c="dimmed" size="sm">
          {summary}
        </Text>
        {upload.duplicate_of === null ? null : (
          <UploadDuplicateNotice duplicate={upload.duplicate_of} />
        )}
      </Stack>
      {isTrashed ? (
        <Alert
          variant="light"
          color="yellow"
          radius="md"
          icon={<IconTrash aria-hidden="true" />}
          title={t('uploads.trashed.title')}
          styles={{ title: { color: 'var(--kuvert-color-notice-text)' } }}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {t('uploads.trashed.text', {
                date: formatDateTime(upload.trashed_at ?? upload.created_at),
              })}
            </Text>
            {canWrite ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRestore size={16} aria-hidden="true" />}
                loading={actions.isRestoring}
                onClick={() => actions.restoreUploads([upload.id])}
              >
                {t('uploads.restore')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Group gap="sm" wrap="wrap" data-testid="upload-actions">
        <Button
          component="a"
          href={uploadContentUrl(upload.id, 'attachment')}
          download={upload.name}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          {t('uploads.download')}
        </Button>
        {canWrite ? (
          <Button
            variant="default"
            leftSection={<IconPencil size={18} aria-hidden="true" />}
            onClick={() => setRenameOpen(true)}
          >
            {t('uploads.rename.action')}
          </Button>
        ) : null}
        {canWrite && !isTrashed ? (
          <Button
            variant="default"
            color="red.8"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            loading={actions.isTrashing}
            onClick={() => actions.trashUploads([upload.id], onTrashed)}
          >
            {t('uploads.trash')}
          </Button>
        ) : null}
        {canWrite && !isTrashed && renderActions ? renderActions(upload) : null}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <UploadPreview upload={upload} renderPdf={renderPdf} />
            {upload.kind === 'text' ? null : <UploadTextPanel upload={upload} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <UploadFacts upload={upload} />
        </Grid.Col>
      </Grid>
      {/* Built when opened: it starts from the name as it is now. */}
      {isRenameOpen ? (
        <RenameUploadDialog
          opened
          uploadId={upload.id}
          name={upload.name}
          onClose={() => setRenameOpen(false)}
        />
      ) : null}
    </Stack>
  );
}
