import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LetterSummary } from '@kuvert/shared/letters';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

/** The user's answers to this letter, newest last, each leading to its page in the outbox. */
export function RepliesList({ replies }: { replies: readonly LetterSummary[] }) {
  const { t } = useTranslation();
  if (replies.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {replies.map((reply) => (
        <Group component="li" key={reply.id} justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0}>
            <Anchor component={Link} to={paths.sentLetter(reply.id)} fw={600}>
              {reply.subject}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('letters.detail.sentAt', { date: formatDateTime(reply.created_at) })}
            </Text>
          </Stack>
          <DeliveryStatusBadge status={reply.delivery_status} />
        </Group>
      ))}
    </Stack>
  );
}
