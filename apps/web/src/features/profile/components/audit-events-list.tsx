import { Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { describeUserAgent } from '../../../lib/user-agent.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { useAuditEvents } from '../api/get-audit-events.ts';

export function AuditEventsList() {
  const { t } = useTranslation();
  const eventsQuery = useAuditEvents();

  if (eventsQuery.isPending) return <LoadingState />;
  if (eventsQuery.isError) {
    return <ErrorState error={eventsQuery.error} onRetry={() => void eventsQuery.refetch()} />;
  }
  const { events } = eventsQuery.data;
  if (events.length === 0) return <Text c="dimmed">{t('profile.audit.empty')}</Text>;

  return (
    <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {events.map((event, index) => (
        <Fragment key={event.id}>
          {index > 0 ? <Divider my="xs" component="li" aria-hidden="true" /> : null}
          <Group
            component="li"
            justify="space-between"
            gap="xs"
            wrap="wrap"
            data-event-type={event.type}
          >
            <Stack gap={0}>
              <Text fw={600}>{t(`profile.audit.type.${event.type}`)}</Text>
              {event.details ? (
                <Text size="sm">
                  {t(`mailboxes.audit.${event.details.member ? 'aboutMember' : 'about'}`, {
                    mailbox: event.details.mailbox,
                    member: event.details.member ?? '',
                  })}
                  {event.details.role ? ` · ${t(`mailboxes.roles.${event.details.role}`)}` : ''}
                  {event.details.access_until
                    ? ` · ${t('mailboxes.members.untilShort', { date: formatCalendarDate(event.details.access_until) })}`
                    : ''}
                  {event.details.by
                    ? ` · ${t('mailboxes.audit.by', { name: event.details.by })}`
                    : ''}
                </Text>
              ) : null}
              {event.email_change ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('emailChange.auditAddresses', event.email_change)}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {[describeUserAgent(event.user_agent), event.ip_address]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Text size="sm" c="dimmed">
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
            </Text>
          </Group>
        </Fragment>
      ))}
    </Stack>
  );
}
