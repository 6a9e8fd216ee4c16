import { Anchor, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  invoiceListStatusSchema,
  PAID_INVOICES_LIMIT,
  type Invoice,
  type InvoiceListStatus,
  type OpenInvoiceList,
} from '@kuvert/shared/invoices';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProviderChips } from '../../../components/ui/provider-chips.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { useInvoiceList } from '../api/get-invoice-list.ts';
import { InvoiceListRow } from './invoice-list-row.tsx';

/** The texts of each list: what is owed (`invoices.open`) or what was paid (`invoices.paid`). */
const textsOf = { unpaid: 'open', paid: 'paid' } as const;

/**
 * The mailbox's invoices in two tabs: every unpaid one, earliest due first, and the recently
 * paid ones, newest first; each with totals and a provider filter. Both choices live in the
 * URL (?view=paid, ?provider=) so that a reload or a shared link shows the same list.
 */
export function OpenInvoicesView({ accountId, renderPayAction }: OpenInvoicesViewProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('view') === 'paid' ? 'paid' : 'unpaid';

  const selectStatus = (value: string | null) => {
    const parsed = invoiceListStatusSchema.safeParse(value);
    if (!parsed.success) return;
    setSearchParams((params) => {
      if (parsed.data === 'paid') params.set('view', 'paid');
      else params.delete('view');
      return params;
    });
  };

  return (
    <Tabs value={status} onChange={selectStatus} keepMounted={false}>
      <Tabs.List aria-label={t('invoices.list.tabsLabel')}>
        <Tabs.Tab value="unpaid" leftSection={<IconReceipt size={16} aria-hidden="true" />}>
          {t('invoices.list.toPay')}
        </Tabs.Tab>
        <Tabs.Tab value="paid" leftSection={<IconCircleCheck size={16} aria-hidden="true" />}>
          {t('invoices.list.paid')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="unpaid" pt="lg">
        <InvoiceList accountId={accountId} status="unpaid" renderPayAction={renderPayAction} />
      </Tabs.Panel>
      <Tabs.Panel value="paid" pt="lg">
        <InvoiceList accountId={accountId} status="paid" renderPayAction={renderPayAction} />
      </Tabs.Panel>
    </Tabs>
  );
}

interface OpenInvoicesViewProps {
  accountId: string | null;
  /** Paying an unpaid invoice: handed in by the route, as a feature never imports another. */
  renderPayAction: (invoice: Invoice) => ReactNode;
}

function InvoiceList({
  accountId,
  status,
  renderPayAction,
}: OpenInvoicesViewProps & { status: InvoiceListStatus }) {
  const { t } = useTranslation();
  const texts = textsOf[status];
  const [searchParams, setSearchParams] = useSearchParams();
  const providerId = searchParams.get('provider');
  const listQuery = useInvoiceList(accountId, status, providerId);

  const selectProvider = (value: string | null) =>
    setSearchParams((params) => {
      if (value === null) params.delete('provider');
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
        icon={status === 'paid' ? <IconCircleCheck size={32} /> : <IconReceipt size={32} />}
        title={t(`invoices.${texts}.emptyTitle`)}
        text={t(`invoices.${texts}.emptyText`)}
      />
    );
  }
  return (
    <Stack gap="lg">
      <InvoiceTotals list={list} status={status} providerId={providerId} />
      {list.providers.length > 1 || providerId !== null ? (
        <ProviderChips
          providers={list.providers}
          activeProviderId={providerId}
          onSelect={selectProvider}
        />
      ) : null}
      {list.items.length === 0 ? (
        <Stack align="flex-start" gap="xs">
          <Text>{t(`invoices.${texts}.emptyFiltered`)}</Text>
          <Anchor
            component={Link}
            to={paths.openInvoices(status === 'paid' ? { view: 'paid' } : {})}
            fw={600}
          >
            {t(`invoices.${texts}.showAll`)}
          </Anchor>
        </Stack>
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <ul
            aria-label={t(`invoices.${texts}.listLabel`)}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {list.items.map((invoice) => (
              <InvoiceListRow
                key={invoice.letter_id}
                invoice={invoice}
                payAction={renderPayAction(invoice)}
              />
            ))}
          </ul>
        </Paper>
      )}
    </Stack>
  );
}

interface InvoiceTotalsProps {
  list: OpenInvoiceList;
  status: InvoiceListStatus;
  providerId: string | null;
}

function InvoiceTotals({ list, status, providerId }: InvoiceTotalsProps) {
  const { t } = useTranslation();
  const texts = textsOf[status];
  const provider = list.providers.find((candidate) => candidate.id === providerId);
  const count = list.items.length;
  let countText = t(`invoices.${texts}.count`, { count });
  // The paid list stops at the newest payments: say so, the totals are over those only.
  if (status === 'paid' && count >= PAID_INVOICES_LIMIT) {
    countText = t('invoices.paid.countLimited', { count });
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="invoice-totals">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={600}>
            {provider
              ? t(`invoices.${texts}.summaryFiltered`, { provider: provider.name })
              : t(`invoices.${texts}.summary`)}
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
        <Text c="dimmed">{countText}</Text>
      </Group>
    </Paper>
  );
}
