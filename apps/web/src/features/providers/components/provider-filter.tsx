import { Badge, Chip, Group, ScrollArea } from '@mantine/core';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import type { AccountProvider } from '@kuvert/shared/providers';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { useProviders } from '../api/get-providers.ts';

const noProviders: readonly AccountProvider[] = [];

/** "All" plus one chip per provider that has written to this mailbox. */
export function ProviderFilter({ activeProviderId }: { activeProviderId: string | null }) {
  const { accountId } = useSelectedAccount();
  const providersQuery = useProviders(accountId);
  // Rendered a moment after they arrive, in slices (see useDeferredData).
  const data = useDeferredData(providersQuery.data, accountId ?? '');
  const providers = data?.providers ?? noProviders;
  // While they load, "All" alone holds the row's place: the list below does not jump down.
  const isLoading = data === undefined && !providersQuery.isError;
  if (!isLoading && providers.length < 2 && activeProviderId === null) return null;
  return <ProviderChips providers={providers} activeProviderId={activeProviderId} />;
}

interface ProviderChipsProps {
  providers: readonly AccountProvider[];
  activeProviderId: string | null;
}

const ProviderChips = memo(function ProviderChips({
  providers,
  activeProviderId,
}: ProviderChipsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const select = (value: string) =>
    void navigate(value === '' ? paths.inbox() : paths.inboxByProvider(value));

  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Chip.Group multiple={false} value={activeProviderId ?? ''} onChange={select}>
        <Group gap={8} wrap="nowrap" role="group" aria-label={t('providers.filterLabel')} pb={2}>
          <Chip value="" variant="outline" radius="xl">
            {t('providers.all')}
          </Chip>
          {providers.map((provider) => (
            <Chip key={provider.id} value={provider.id} variant="outline" radius="xl">
              <Group gap={6} wrap="nowrap" component="span">
                <ProviderAvatar
                  providerId={provider.id}
                  name={provider.name}
                  hasLogo={provider.has_logo}
                  size={18}
                />
                {provider.name}
                {provider.unread_count > 0 ? (
                  <Badge size="xs" circle variant="filled" component="span">
                    {provider.unread_count}
                  </Badge>
                ) : null}
              </Group>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </ScrollArea>
  );
});
