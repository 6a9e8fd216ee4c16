import { IconInbox } from '@tabler/icons-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ProviderFilter } from '../../features/providers/components/provider-filter.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <LetterListPage
      title={t('pages.inbox')}
      filter={{ view: 'inbox' }}
      isSearchable
      aside={<ProviderFilter activeProviderId={null} />}
      emptyState={
        <EmptyState
          icon={<IconInbox size={32} />}
          title={t('letters.empty.inbox.title')}
          text={t('letters.empty.inbox.text')}
        />
      }
    />
  );
}
