import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CaseFile } from '@kuvert/shared/case-files';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { localIsoDate } from '../../../lib/dates.ts';
import { hasErrorCode } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useCreateCaseFileItem } from '../api/create-case-file-item.ts';
import { useCaseFile } from '../api/get-case-file.ts';
import { emptyItemForm } from '../hooks/item-fields.ts';
import type { ItemUploads } from '../hooks/use-item-uploads.ts';
import { CaseFileBreadcrumbs } from './case-file-breadcrumbs.tsx';
import { CaseFileNotFound } from './case-file-not-found.tsx';
import { ItemForm } from './item-form.tsx';

interface CaseFileItemCreateViewProps {
  fileId: string;
  uploads: ItemUploads;
}

/** /files/file/{id}/items/create: a new item, dated today unless changed. */
export function CaseFileItemCreateView({ fileId, uploads }: CaseFileItemCreateViewProps) {
  const { t } = useTranslation();
  const fileQuery = useCaseFile(fileId);
  if (fileQuery.isError) {
    if (hasErrorCode(fileQuery.error, 'NOT_FOUND')) return <CaseFileNotFound kind="file" />;
    return <ErrorState error={fileQuery.error} onRetry={() => void fileQuery.refetch()} />;
  }
  if (fileQuery.data === undefined) {
    return (
      <Stack gap="lg" maw={860} role="status" aria-label={t('common.loading')}>
        <Skeleton height={16} width={260} />
        <Skeleton height={420} radius="lg" />
      </Stack>
    );
  }
  return <CreateItem file={fileQuery.data} uploads={uploads} />;
}

function CreateItem({ file, uploads }: { file: CaseFile; uploads: ItemUploads }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('organize');
  const create = useCreateCaseFileItem(file.id);
  // Today when the page opened: a form left open past midnight keeps the day it showed.
  const [initialValues] = useState(() => emptyItemForm(localIsoDate()));

  return (
    <Stack gap="lg" maw={860}>
      <CaseFileBreadcrumbs
        crumbs={[
          { label: t('pages.files'), href: paths.files() },
          { label: file.title, href: paths.file(file.id) },
          { label: t('pages.fileItemCreate') },
        ]}
      />
      <Stack gap={4}>
        <PageTitle>{t('pages.fileItemCreate')}</PageTitle>
        <Text c="dimmed">{t('caseFiles.item.inFile', { title: file.title })}</Text>
      </Stack>
      {canWrite && accountId !== null ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <ItemForm
            accountId={accountId}
            initialValues={initialValues}
            submitLabel={t('caseFiles.item.create')}
            isPending={create.isPending}
            error={create.error}
            uploads={uploads}
            onCancel={() => void navigate(paths.file(file.id))}
            onSubmit={(request, allowLeave) =>
              create.mutate(request, {
                onSuccess: (created) => {
                  allowLeave();
                  notify({
                    type: 'positive',
                    message: t('caseFiles.item.created', {
                      title: created.title,
                      file: file.title,
                    }),
                  });
                  void navigate(paths.file(file.id));
                },
              })
            }
          />
        </Paper>
      ) : (
        <EmptyState
          icon={<IconLock size={32} />}
          title={t('caseFiles.readOnlyTitle')}
          text={t('caseFiles.readOnly')}
        />
      )}
    </Stack>
  );
}
