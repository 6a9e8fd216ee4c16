import { Alert, Stack } from '@mantine/core';
import { IconClockHour4, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { EmptyTrashButton } from '../../features/trash/components/empty-trash-button.tsx';
import { useTrash } from '../../features/trash/api/get-trash.ts';
import { TrashedContacts } from '../../features/trash/components/trashed-contacts.tsx';
import { TrashedFolders } from '../../features/trash/components/trashed-folders.tsx';
import { TrashedUploads } from '../../features/trash/components/trashed-uploads.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  const { accountId } = useSelectedAccount();
  const trash = useTrash(accountId).data;
  const hasOthers =
    (trash?.folders.length ?? 0) + (trash?.uploads.length ?? 0) + (trash?.contacts.length ?? 0) > 0;
  return (
    <LetterListPage
      title={t('pages.trash')}
      filter={{ view: 'trash' }}
      headerActions={<EmptyTrashButton />}
      aside={
        <Stack gap="lg">
          {trash ? (
            <Alert
              variant="light"
              color="gray"
              radius="md"
              icon={<IconClockHour4 aria-hidden="true" />}
            >
              {t('trash.note', { count: trash.retention_days })}
            </Alert>
          ) : null}
          <TrashedFolders />
          <TrashedUploads />
          <TrashedContacts />
        </Stack>
      }
      emptyState={
        <EmptyState
          icon={<IconTrash size={32} />}
          title={hasOthers ? t('trash.emptyState.noLetters') : t('trash.emptyState.title')}
          text={trash ? t('trash.emptyState.text', { count: trash.retention_days }) : undefined}
        />
      }
    />
  );
}
