import { Paper, Skeleton, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/ui/query-status.tsx';
import { paths } from '../../config/paths.ts';
import { DeferredPdfViewer } from '../../features/letters/components/letter-documents.tsx';
import { useUpload } from '../../features/uploads/api/get-upload.ts';
import { UploadDetailView } from '../../features/uploads/components/upload-detail-view.tsx';
import type { PdfPreviewProps } from '../../features/uploads/components/upload-detail-view.tsx';
import { UseInLetterButton } from '../../features/uploads/components/use-in-letter-button.tsx';
import { hasErrorCode } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useAccountRole } from '../../lib/selected-account.ts';
import { AddToFileButton } from '../../features/case-files/components/add-to-file-button.tsx';
import { uploadToFile } from '../case-file-actions.tsx';
import { Component as NotFound } from './not-found.tsx';

/** Uploaded PDFs open in the letters' viewer (a feature never imports another: joined here). */
const renderPdf = (props: PdfPreviewProps) => <DeferredPdfViewer {...props} />;

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const uploadQuery = useUpload(id);
  const { role, can } = useAccountRole(uploadQuery.data?.account_id);
  const canWrite = can('organize');

  if (uploadQuery.isError) {
    // Another account's upload is "not found" too: the server does not tell them apart.
    if (hasErrorCode(uploadQuery.error, 'NOT_FOUND')) return <NotFound />;
    return <ErrorState error={uploadQuery.error} onRetry={() => void uploadQuery.refetch()} />;
  }
  const upload = uploadQuery.data;
  if (upload === undefined || role === null) {
    return (
      <Stack gap="lg" maw={1200} mx="auto" w="100%" role="status" aria-label={t('common.loading')}>
        <Skeleton height={32} width={320} />
        <Paper withBorder p="xl" radius="lg">
          <Skeleton height={420} />
        </Paper>
      </Stack>
    );
  }
  return (
    <UploadDetailView
      key={upload.id}
      upload={upload}
      canWrite={canWrite}
      renderPdf={renderPdf}
      renderActions={(shown) => (
        <>
          <UseInLetterButton upload={shown} />
          <AddToFileButton
            accountId={shown.account_id}
            things={[uploadToFile(shown)]}
            canWrite={canWrite}
          />
        </>
      )}
      onTrashed={() => void navigate(paths.uploads())}
    />
  );
}
