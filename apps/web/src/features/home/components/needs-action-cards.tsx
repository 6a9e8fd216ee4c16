import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconMail, IconReceipt, IconSignature } from '@tabler/icons-react';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HomeSummary } from '@kuvert/shared/home';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';

interface ActionCardProps {
  href: string;
  icon: ReactNode;
  color: string;
  count: number;
  title: string;
  detail: string;
}

function ActionCard({ href, icon, color, count, title, detail }: ActionCardProps) {
  return (
    <UnstyledButton
      component={Link}
      to={href}
      style={{ borderRadius: 'var(--mantine-radius-lg)', display: 'block' }}
    >
      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        radius="lg"
        h="100%"
        style={{ borderColor: count > 0 ? `var(--mantine-color-${color}-3)` : undefined }}
      >
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon variant="light" color={color} size={48} radius="xl" aria-hidden="true">
            {icon}
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={8} align="baseline" wrap="nowrap">
              <Text
                fz={30}
                fw={700}
                lh={1.15}
                c={count > 0 ? 'bright' : 'dimmed'}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {count}
              </Text>
              <Text fw={600} lh={1.3}>
                {title}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          </Stack>
          <IconChevronRight
            size={20}
            color="var(--mantine-color-gray-6)"
            aria-hidden="true"
            style={{ flexShrink: 0 }}
          />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * What needs the user's attention, across all providers; each card leads to its list.
 * Memoised: the summary arrives deferred (home route), the page around it re-renders often.
 */
export const NeedsActionCards = memo(function NeedsActionCards({
  summary,
}: {
  summary: HomeSummary;
}) {
  const { t } = useTranslation();
  const invoices = summary.open_invoices;
  const totals = invoices.totals
    .map((total) => formatMoney(total.amount, total.currency))
    .join(' · ');
  const invoiceDetail =
    invoices.count === 0
      ? t('home.invoices.none')
      : invoices.next_due_date === null
        ? t('home.invoices.total', { total: totals })
        : // The earliest due date already passed: say so, not "next due" on a day gone by.
          // Whether it has is the server's word (its time zone), never the browser's day.
          t(invoices.is_overdue ? 'home.invoices.totalOverdue' : 'home.invoices.totalDue', {
            count: invoices.count,
            total: totals,
            date: formatCalendarDate(invoices.next_due_date),
          });
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <ActionCard
        href={paths.unreadLetters()}
        icon={<IconMail size={24} />}
        color="kuvert"
        count={summary.unread_letters}
        title={t('home.unread.title', { count: summary.unread_letters })}
        detail={summary.unread_letters === 0 ? t('home.unread.none') : t('home.unread.detail')}
      />
      <ActionCard
        href={paths.openInvoices()}
        icon={<IconReceipt size={24} />}
        color="orange"
        count={invoices.count}
        title={t('home.invoices.title', { count: invoices.count })}
        detail={invoiceDetail}
      />
      <ActionCard
        href={paths.openSignatureRequests()}
        icon={<IconSignature size={24} />}
        color="grape"
        count={summary.open_signature_requests}
        title={t('home.signatures.title', { count: summary.open_signature_requests })}
        detail={
          summary.open_signature_requests === 0
            ? t('home.signatures.none')
            : t('home.signatures.detail')
        }
      />
    </SimpleGrid>
  );
});
