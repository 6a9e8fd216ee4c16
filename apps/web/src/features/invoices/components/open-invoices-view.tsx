import { Anchor, Chip, Group, Paper, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { OpenInvoiceList } from '@kuvert/shared/invoices';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { useOpenInvoices } from '../api/get-open-invoices.ts';
import { OpenInvoiceRow } from './open-invoice-row.tsx';

/** Every unpaid invoice of the mailbox, earliest due first, with totals and a provider filter. */
export function OpenInvoicesView({ accountId }: { accountId: string | null }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const providerId = searchParams.get('provider');
  const listQuery = useOpenInvoices(accountId, providerId);

  const selectProvider = (value: string) =>
    setSearchParams((params) => {
      if (value === '') params.delete('provider');
      else params.set('provider', value);
      return params;
    });

  if (listQuery.isError) {
    return <ErrorState error={listQuery.error} onRetry={() => void listQuery.refetch()} />;
  }
  if (listQuery.isPending) {
    return (
      <Stack gap="md" role="status" aria-label={t('common.loading')}>
        <Skeleton height={96} radius="lg" />
        <Skeleton height={280} radius="lg" />
      </Stack>
    );
  }
  const list = listQuery.data;
  if (list.items.length === 0 && providerId === null) {
    return (
      <EmptyState
        icon={<IconReceipt size={32} />}
        title={t('invoices.open.emptyTitle')}
        text={t('invoices.open.emptyText')}
      />
    );
  }
  return (
    <Stack gap="lg">
      <InvoiceTotals list={list} providerId={providerId} />
      {list.providers.length > 1 || providerId !== null ? (
        <ProviderChips list={list} providerId={providerId} onSelect={selectProvider} />
      ) : null}
      {list.items.length === 0 ? (
        <Stack align="flex-start" gap="xs">
          <Text>{t('invoices.open.emptyFiltered')}</Text>
          <Anchor component={Link} to={paths.openInvoices()} fw={600}>
            {t('invoices.open.showAll')}
          </Anchor>
        </Stack>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <ul
            aria-label={t('invoices.open.listLabel')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {list.items.map((invoice) => (
              <OpenInvoiceRow key={invoice.letter_id} invoice={invoice} />
            ))}
          </ul>
        </Paper>
      )}
    </Stack>
  );
}

function InvoiceTotals({ list, providerId }: { list: OpenInvoiceList; providerId: string | null }) {
  const { t } = useTranslation();
  const provider = list.providers.find((candidate) => candidate.id === providerId);
  const count = list.items.length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="invoice-totals">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={600}>
            {provider
              ? t('invoices.open.summaryFiltered', { provider: provider.name })
              : t('invoices.open.summary')}
          </Text>
          <Group gap="lg" wrap="wrap">
            {list.totals.map((total) => (
              <Text
                key={total.currency}
                fz={{ base: 26, sm: 32 }}
                fw={700}
                lh={1.2}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {formatMoney(total.amount, total.currency)}
              </Text>
            ))}
          </Group>
        </Stack>
        <Text c="dimmed">
          {count === 1 ? t('invoices.open.countOne') : t('invoices.open.countOther', { count })}
        </Text>
      </Group>
    </Paper>
  );
}

interface ProviderChipsProps {
  list: OpenInvoiceList;
  providerId: string | null;
  onSelect: (providerId: string) => void;
}

function ProviderChips({ list, providerId, onSelect }: ProviderChipsProps) {
  const { t } = useTranslation();
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Chip.Group multiple={false} value={providerId ?? ''} onChange={onSelect}>
        <Group gap={8} wrap="nowrap" role="group" aria-label={t('providers.filterLabel')} pb={2}>
          <Chip value="" variant="outline" radius="xl">
            {t('providers.all')}
          </Chip>
          {list.providers.map((provider) => (
            <Chip key={provider.id} value={provider.id} variant="outline" radius="xl">
              <Group gap={6} wrap="nowrap" component="span">
                <ProviderAvatar
                  providerId={provider.id}
                  name={provider.name}
                  hasLogo={provider.has_logo}
                  size={18}
                />
                {provider.name}
              </Group>
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </ScrollArea>
  );
}
