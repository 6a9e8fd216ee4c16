import { IconMailOpened } from '@tabler/icons-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <LetterListPage
      title={t('pages.unreadLetters')}
      filter={{ view: 'unread' }}
      emptyState={
        <EmptyState
          icon={<IconMailOpened size={32} />}
          title={t('letters.empty.unread.title')}
          text={t('letters.empty.unread.text')}
        />
      }
    />
  );
}
