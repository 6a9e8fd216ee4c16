import { NativeSelect, Skeleton } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { setSelectedAccountId, useSession } from '../../lib/session.ts';

/** Which mailbox (account) the portal shows; remembered on this device. */
export function AccountSwitcher() {
  const { t } = useTranslation();
  const { accounts, selectedAccountId } = useSession();

  if (accounts.length === 0) {
    return <Skeleton height={58} radius="md" aria-label={t('accounts.loading')} role="status" />;
  }
  return (
    <NativeSelect
      label={t('accounts.switcherLabel')}
      value={selectedAccountId ?? ''}
      onChange={(event) => setSelectedAccountId(event.currentTarget.value)}
      data={accounts.map((account) => ({
        value: account.id,
        // Someone else's mailbox says so, and what this person may do in it.
        label: account.is_own
          ? t('accounts.option', { name: account.name, kind: t('accounts.kind.personal') })
          : t('accounts.optionWithRole', {
              name: account.name,
              kind: t(
                account.kind === 'shared' ? 'accounts.kind.shared' : 'accounts.kind.sharedWithYou',
              ),
              role: t(`accounts.role.${account.role}`),
            }),
      }))}
    />
  );
}
