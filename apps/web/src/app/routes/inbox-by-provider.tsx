import { Anchor } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { useProviders } from '../../features/providers/api/get-providers.ts';
import { ProviderFilter } from '../../features/providers/components/provider-filter.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { LetterListPage } from '../mailbox/letter-list-page.tsx';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { accountId } = useSelectedAccount();
  const provider = useProviders(accountId).data?.providers.find((candidate) => candidate.id === id);
  return (
    <LetterListPage
      key={id}
      title={
        provider ? t('letters.byProvider', { name: provider.name }) : t('pages.inboxByProvider')
      }
      filter={{ view: 'inbox', providerId: id }}
      isSearchable
      aside={<ProviderFilter activeProviderId={id} />}
      emptyState={
        <EmptyState
          icon={<IconInbox size={32} />}
          title={t('letters.empty.provider.title')}
          action={
            <Anchor component={Link} to={paths.inbox()} fw={600}>
              {t('letters.empty.provider.action')}
            </Anchor>
          }
        />
      }
    />
  );
}
