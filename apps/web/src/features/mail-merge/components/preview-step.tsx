import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { MailMergePreview } from '@kuvert/shared/mail-merge';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction, TranslationKey } from '../../../lib/i18n.ts';

type Problem = MailMergePreview['rows'][number]['problems'][number];

const problemKeys: ReadonlySet<string> = new Set<TranslationKey>([
  'mailMerge.problems.name',
  'mailMerge.problems.noAddress',
  'mailMerge.problems.emailUnknown',
  'mailMerge.problems.needsPostal',
  'mailMerge.problems.street',
  'mailMerge.problems.postcode',
  'mailMerge.problems.city',
  'mailMerge.problems.country',
  'mailMerge.problems.postcodeFormat',
  'mailMerge.problems.tooLong',
  'mailMerge.problems.tooWide',
  'mailMerge.problems.subject',
  'mailMerge.problems.body',
]);

const isProblemKey = (value: unknown): value is TranslationKey =>
  typeof value === 'string' && problemKeys.has(value);

/** A row's problem in the page's language; the server's words when the key is unknown. */
export function problemText(t: TFunction, problem: Problem): string {
  return isProblemKey(problem.i18n) ? t(problem.i18n, problem.values ?? {}) : problem.message;
}

const channelLooks = {
  kuvert: { color: 'kuvert', text: 'var(--mantine-color-kuvert-light-color)' },
  postal: { color: 'teal', text: 'var(--kuvert-color-success-text)' },
  none: { color: 'red', text: 'var(--kuvert-color-alert-text)' },
} as const;

export function ChannelBadge({ channel }: { channel: 'kuvert' | 'postal' | null }) {
  const { t } = useTranslation();
  const look = channelLooks[channel ?? 'none'];
  const label =
    channel === 'kuvert'
      ? t('mailMerge.channel.kuvert')
      : channel === 'postal'
        ? t('mailMerge.channel.postal')
        : t('mailMerge.channel.none');
  return (
    <Badge variant="light" color={look.color} c={look.text} radius="sm" tt="none" fw={600}>
      {label}
    </Badge>
  );
}

type Delivery = MailMergePreview['rows'][number]['delivery'];

/**
 * How a previewed row will go, in words that never depend on whether someone has a Kuvert
 * account (the preview does not know, so it cannot tell).
 */
function DeliveryBadge({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const look =
    delivery === null
      ? channelLooks.none
      : delivery === 'postal'
        ? channelLooks.postal
        : channelLooks.kuvert;
  const label =
    delivery === 'postal'
      ? t('mailMerge.channel.postal')
      : delivery === 'kuvert_or_postal'
        ? t('mailMerge.delivery.kuvertOrPostal')
        : delivery === 'kuvert_only'
          ? t('mailMerge.delivery.kuvertOnly')
          : t('mailMerge.channel.none');
  return (
    <Badge variant="light" color={look.color} c={look.text} radius="sm" tt="none" fw={600}>
      {label}
    </Badge>
  );
}

interface PreviewStepProps {
  preview: MailMergePreview;
  rowCount: number;
}

/** Step 4: the first rows as their letters will be, with how each goes and what is wrong. */
export function PreviewStep({ preview, rowCount }: PreviewStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('mailMerge.preview.hint', { shown: preview.rows.length, count: rowCount })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('mailMerge.preview.deliveryHint')}
      </Text>
      {preview.unmapped_placeholders.length > 0 ? (
        <Alert color="orange" variant="light" role="status">
          {t('mailMerge.mapping.unmappedSummary', {
            count: preview.unmapped_placeholders.length,
            names: preview.unmapped_placeholders.map((name) => `{{${name}}}`).join(', '),
          })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {preview.rows.map((row) => (
          <Paper
            key={row.row}
            withBorder
            p="md"
            component="article"
            aria-label={t('mailMerge.preview.rowLabel', { row: row.row, name: row.recipient_name })}
          >
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} truncate>
                  {t('mailMerge.preview.row', { row: row.row })} · {row.recipient_name || '—'}
                </Text>
                <DeliveryBadge delivery={row.delivery} />
              </Group>
              {row.address_lines.length > 0 ? (
                <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-line' }}>
                  {row.address_lines.join('\n')}
                </Text>
              ) : null}
              <Text size="sm" fw={600}>
                {row.subject}
              </Text>
              {row.body === '' ? null : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={8}>
                  {row.body}
                </Text>
              )}
              {row.problems.length > 0 ? (
                <List size="sm" c="var(--kuvert-color-alert-text)" spacing={2}>
                  {row.problems.map((problem, index) => (
                    <List.Item key={index}>{problemText(t, problem)}</List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
