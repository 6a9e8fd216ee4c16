import { Anchor, Stack } from '@mantine/core';
import { IconFolderOpen, IconFolderQuestion } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/query-status.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { useFolders } from '../../features/folders/api/get-folders.ts';
import { LetterListSkeleton } from '../../features/letters/components/letter-list-skeleton.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { accountId } = useSelectedAccount();
  const foldersQuery = useFolders(accountId);

  if (foldersQuery.isError) {
    return <ErrorState error={foldersQuery.error} onRetry={() => void foldersQuery.refetch()} />;
  }
  if (foldersQuery.isPending) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('pages.folder')}</PageTitle>
        <LetterListSkeleton />
      </Stack>
    );
  }
  const folder = foldersQuery.data.folders.find((candidate) => candidate.id === id);
  // Deleted, in the trash, another mailbox's or a mistyped address: the same answer as an
  // unknown letter.
  if (folder === undefined) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('pages.folder')}</PageTitle>
        <EmptyState
          icon={<IconFolderQuestion size={32} />}
          title={t('folders.notFound.title')}
          text={t('folders.notFound.text')}
          action={
            <Anchor component={Link} to={paths.folders()} fw={600}>
              {t('folders.notFound.back')}
            </Anchor>
          }
        />
      </Stack>
    );
  }
  return (
    <LetterListPage
      key={id}
      title={folder.name}
      filter={{ view: 'folder', folderId: id }}
      headerActions={
        <Anchor component={Link} to={paths.folders()} fw={600} size="sm">
          {t('folders.manage')}
        </Anchor>
      }
      emptyState={
        <EmptyState
          icon={<IconFolderOpen size={32} />}
          title={t('letters.empty.folder.title')}
          text={t('letters.empty.folder.text')}
        />
      }
    />
  );
}
