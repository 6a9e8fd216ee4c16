import { Paper, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { CreateFolderForm } from '../../features/folders/components/create-folder-form.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accountId } = useSelectedAccount();
  return (
    <Stack gap="lg" maw={640}>
      <PageTitle>{t('pages.folderAdd')}</PageTitle>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
        {accountId === null ? null : (
          <CreateFolderForm
            accountId={accountId}
            onCreated={(folder) => {
              notify({ type: 'positive', message: t('folders.created', { name: folder.name }) });
              void navigate(paths.folders());
            }}
            onCancel={() => void navigate(paths.folders())}
          />
        )}
      </Paper>
    </Stack>
  );
}
