import { IconSend } from '@tabler/icons-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <LetterListPage
      title={t('pages.outbox')}
      filter={{ view: 'outbox' }}
      isSelectable={false}
      emptyState={
        <EmptyState
          icon={<IconSend size={32} />}
          title={t('letters.empty.outbox.title')}
          text={t('letters.empty.outbox.text')}
        />
      }
    />
  );
}
