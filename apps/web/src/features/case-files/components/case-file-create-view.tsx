import { Paper, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useCreateCaseFile } from '../api/create-case-file.ts';
import { emptyCaseFileForm } from '../hooks/case-file-fields.ts';
import { CaseFileBreadcrumbs } from './case-file-breadcrumbs.tsx';
import { CaseFileForm } from './case-file-form.tsx';

/** /files/create: a new file; it opens once made. */
export function CaseFileCreateView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('organize');
  const create = useCreateCaseFile();
  return (
    <Stack gap="lg" maw={760}>
      <CaseFileBreadcrumbs
        crumbs={[
          { label: t('pages.files'), href: paths.files() },
          { label: t('pages.fileCreate') },
        ]}
      />
      <PageTitle>{t('pages.fileCreate')}</PageTitle>
      {canWrite && accountId !== null ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <CaseFileForm
            initialValues={emptyCaseFileForm}
            submitLabel={t('caseFiles.form.create')}
            isPending={create.isPending}
            error={create.error}
            onCancel={() => void navigate(paths.files())}
            onSubmit={(values) =>
              create.mutate(
                { account_id: accountId, ...values },
                {
                  onSuccess: (created) => {
                    notify({
                      type: 'positive',
                      message: t('caseFiles.created', { title: created.title }),
                    });
                    void navigate(paths.file(created.id), { replace: true });
                  },
                },
              )
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
