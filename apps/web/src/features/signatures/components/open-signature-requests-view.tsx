import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OpenSignatureRequest } from '@kuvert/shared/signatures';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate, localIsoDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOpenSignatureRequests } from '../api/get-open-signature-requests.ts';
import classes from './open-signature-requests-view.module.css';

interface OpenSignatureRequestsViewProps {
  /** With several accounts each row says which one the request came to. */
  showAccount: boolean;
}

/** Everything waiting for the user's signature across their accounts, earliest due first. */
export function OpenSignatureRequestsView({ showAccount }: OpenSignatureRequestsViewProps) {
  const { t } = useTranslation();
  const listQuery = useOpenSignatureRequests();
  if (listQuery.isError) {
    return <ErrorState error={listQuery.error} onRetry={() => void listQuery.refetch()} />;
  }
  if (listQuery.isPending) {
    return (
      <Stack gap="md" role="status" aria-label={t('common.loading')}>
        <Skeleton height={24} width={220} />
        <Skeleton height={240} radius="lg" />
      </Stack>
    );
  }
  const { items } = listQuery.data;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconSignature size={32} />}
        title={t('signatures.open.emptyTitle')}
        text={t('signatures.open.emptyText')}
      />
    );
  }
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('signatures.open.count', { count: items.length })}</Text>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ul
          aria-label={t('signatures.open.listLabel')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {items.map((request) => (
            <OpenRequestRow key={request.letter_id} request={request} showAccount={showAccount} />
          ))}
        </ul>
      </Paper>
    </Stack>
  );
}

function OpenRequestRow({
  request,
  showAccount,
}: {
  request: OpenSignatureRequest;
  showAccount: boolean;
}) {
  const { t } = useTranslation();
  const date = formatCalendarDate(request.due_date);
  // Past due is overdue (the expiry job is hourly); the last day itself is marked too.
  const isUrgent = request.is_overdue || request.due_date === localIsoDate();
  return (
    <li
      className={classes.row}
      data-letter-id={request.letter_id}
      data-overdue={request.is_overdue || undefined}
      data-urgent={isUrgent || undefined}
    >
      <div className={classes.avatar}>
        <ProviderAvatar
          providerId={request.provider.id}
          name={request.provider.name}
          hasLogo={request.provider.has_logo}
        />
      </div>
      <div className={classes.main}>
        <Text size="sm" c="dimmed" truncate>
          {showAccount
            ? t('signatures.open.providerInAccount', {
                provider: request.provider.name,
                account: request.account_name,
              })
            : request.provider.name}
        </Text>
        <Anchor
          component={Link}
          to={paths.letter(request.letter_id)}
          fw={650}
          c="bright"
          className={classes.subject}
        >
          {request.subject}
        </Anchor>
        <Text size="sm" c="dimmed" mt={2}>
          {t('signatures.panel.progress', {
            signed: request.signers_signed,
            total: request.signers_total,
          })}
        </Text>
      </div>
      <div className={classes.when}>
        {isUrgent ? (
          <Group gap={4} wrap="nowrap">
            <IconAlertTriangle size={16} aria-hidden="true" color="var(--mantine-color-red-9)" />
            <Text size="sm" fw={700} c="var(--kuvert-color-alert-text)">
              {request.is_overdue
                ? t('signatures.panel.overdueSince', { date })
                : t('signatures.panel.dueToday')}
            </Text>
          </Group>
        ) : (
          <Text size="sm" fw={600}>
            {t('signatures.open.due', { date })}
          </Text>
        )}
      </div>
    </li>
  );
}
