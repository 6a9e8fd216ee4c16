import { Alert } from '@mantine/core';
import { IconClockHour4, IconTrash } from '@tabler/icons-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { EmptyTrashButton } from '../../features/letters/components/empty-trash-button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <LetterListPage
      title={t('pages.trash')}
      filter={{ view: 'trash' }}
      headerActions={<EmptyTrashButton />}
      aside={
        <Alert
          variant="light"
          color="gray"
          radius="md"
          icon={<IconClockHour4 aria-hidden="true" />}
        >
          {t('trash.note')}
        </Alert>
      }
      emptyState={
        <EmptyState
          icon={<IconTrash size={32} />}
          title={t('trash.emptyState.title')}
          text={t('trash.emptyState.text')}
        />
      }
    />
  );
}
