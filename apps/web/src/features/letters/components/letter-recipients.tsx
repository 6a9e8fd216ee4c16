import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconFileTypePdf, IconMail, IconMailbox } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { LetterRecipient } from '@kuvert/shared/outbox';
import { countryName } from '@kuvert/shared/postal';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiUrl } from '../../../lib/api-client.ts';

const channelIcons: Record<LetterRecipient['channel'], ComponentType<{ size?: number }>> = {
  provider: IconBuildingBank,
  kuvert: IconMail,
  postal: IconMailbox,
};

function languageName(code: string, language: string): string {
  return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
}

/**
 * Each recipient of a sent letter: how it went to them, where, and how far it got (live);
 * a printed letter's PDF opens as it went to the printer.
 */
export function LetterRecipients({
  letterId,
  recipients,
}: {
  letterId: string;
  recipients: readonly LetterRecipient[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {recipients.map((recipient) => {
        const Icon = channelIcons[recipient.channel];
        const address = recipient.address;
        return (
          <Paper
            key={recipient.id}
            component="li"
            withBorder
            radius="md"
            px="md"
            py="sm"
            data-recipient-id={recipient.id}
            data-recipient-status={recipient.status}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge
                    variant="light"
                    radius="sm"
                    tt="none"
                    leftSection={<Icon size={14} />}
                    c="var(--mantine-color-kuvert-light-color)"
                    style={{ flex: 'none' }}
                  >
                    {t(`compose.channel.${recipient.channel}`)}
                  </Badge>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {recipient.name}
                  </Text>
                </Group>
                <DeliveryStatusBadge status={recipient.status} />
              </Group>
              {recipient.email !== null ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {recipient.email}
                </Text>
              ) : null}
              {address !== null ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {[
                    address.organisation,
                    address.street,
                    `${address.postcode} ${address.city}`,
                    countryName(address.country, i18n.language),
                  ]
                    .filter((line) => line.trim() !== '')
                    .join('\n')}
                </Text>
              ) : null}
              {recipient.print_language !== null ? (
                <Text size="sm" c="dimmed">
                  {t('letters.recipients.printLanguage', {
                    language: languageName(recipient.print_language, i18n.language),
                  })}
                </Text>
              ) : null}
              {recipient.failure_reason !== null ? (
                <Text size="sm" c="var(--kuvert-color-alert-text)">
                  {t('letters.recipients.failure', { reason: recipient.failure_reason })}
                </Text>
              ) : null}
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {t('letters.recipients.since', {
                    status: t(`letters.delivery.${recipient.status}`),
                  })}{' '}
                  <time dateTime={recipient.status_at}>{formatDateTime(recipient.status_at)}</time>
                </Text>
                {recipient.channel === 'postal' && recipient.has_print_pdf ? (
                  <Anchor
                    href={apiUrl(letterEndpoints.printPdf, {
                      params: { id: letterId, recipientId: recipient.id },
                    })}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    fw={600}
                  >
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconFileTypePdf size={16} aria-hidden="true" />
                      {t('letters.recipients.openPrintPdf')}
                    </Group>
                  </Anchor>
                ) : null}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
