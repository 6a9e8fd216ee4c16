import { Anchor } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { useFolders } from '../../features/folders/api/get-folders.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { accountId } = useSelectedAccount();
  const folder = useFolders(accountId).data?.folders.find((candidate) => candidate.id === id);
  return (
    <LetterListPage
      key={id}
      title={folder?.name ?? t('pages.folder')}
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
