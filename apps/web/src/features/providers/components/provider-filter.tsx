import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { AccountProvider } from '@kuvert/shared/providers';
import { ProviderChips } from '../../../components/ui/provider-chips.tsx';
import { paths } from '../../../config/paths.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { useProviders } from '../api/get-providers.ts';

const noProviders: readonly AccountProvider[] = [];

/** "All" plus one chip per provider that has written to this mailbox. */
export function ProviderFilter({ activeProviderId }: { activeProviderId: string | null }) {
  const { accountId } = useSelectedAccount();
  const navigate = useNavigate();
  // Stable, so that the memoised chips skip the renders of the slices around them.
  const selectProvider = useCallback(
    (providerId: string | null) =>
      void navigate(providerId === null ? paths.inbox() : paths.inboxByProvider(providerId)),
    [navigate],
  );
  const providersQuery = useProviders(accountId);
  // Rendered a moment after they arrive, in slices (see useDeferredData).
  const data = useDeferredData(providersQuery.data, accountId ?? '');
  const providers = data?.providers ?? noProviders;
  // While they load, "All" alone holds the row's place: the list below does not jump down.
  const isLoading = data === undefined && !providersQuery.isError;
  if (!isLoading && providers.length < 2 && activeProviderId === null) return null;
  return (
    <ProviderChips
      providers={providers}
      activeProviderId={activeProviderId}
      onSelect={selectProvider}
    />
  );
}
