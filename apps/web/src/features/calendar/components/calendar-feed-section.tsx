import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Flex,
  Group,
  List,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconCheck, IconCopy } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useCalendarFeed,
  useCreateCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed.ts';

/** webcal:// opens the address in the device's calendar app (Apple Calendar, Outlook). */
function webcalOf(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/**
 * Profile → Calendar: the private feed address of the person's due dates. The server keeps
 * only its hash, so the address is shown right after it is made, and never again.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation();
  const feedQuery = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'renew' | 'revoke' | null>(null);

  if (feedQuery.isPending) return <LoadingState />;
  if (feedQuery.isError) {
    return <ErrorState error={feedQuery.error} onRetry={() => void feedQuery.refetch()} />;
  }

  const makeAddress = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setShownUrl(created.url);
        setConfirming(null);
        notify({ type: 'positive', message: t('calendar.feed.made') });
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });
  const endAddress = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setShownUrl(null);
        setConfirming(null);
        notify({ type: 'positive', message: t('calendar.feed.ended') });
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });

  const feed = feedQuery.data;
  return (
    <Stack gap="md">
      {shownUrl !== null ? (
        <Stack gap="sm">
          {/* Side by side where there is room; on a phone the address gets the whole width. */}
          <Flex
            gap="xs"
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'stretch', sm: 'flex-end' }}
          >
            <TextInput
              label={t('calendar.feed.addressLabel')}
              value={shownUrl}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={shownUrl} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )
                  }
                >
                  <span aria-live="polite">
                    {copied ? t('calendar.feed.copied') : t('calendar.feed.copy')}
                  </span>
                </Button>
              )}
            </CopyButton>
          </Flex>
          <Alert
            color="yellow"
            variant="light"
            radius="md"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={t('calendar.feed.onceTitle')}
            styles={{ title: { color: 'var(--kuvert-color-notice-text)' } }}
          >
            {t('calendar.feed.once')}
          </Alert>
          <Text fw={600}>{t('calendar.feed.howTitle')}</Text>
          <List spacing="xs" size="sm">
            <List.Item>{t('calendar.feed.howGoogle')}</List.Item>
            <List.Item>{t('calendar.feed.howApple')}</List.Item>
            <List.Item>{t('calendar.feed.howOutlook')}</List.Item>
          </List>
          <Group>
            <Anchor href={webcalOf(shownUrl)}>
              <Group gap={6} component="span">
                <IconCalendarEvent size={18} aria-hidden="true" />
                {t('calendar.feed.openInApp')}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      ) : feed.active && feed.created_at !== null ? (
        <Text>{t('calendar.feed.active', { date: formatDateTime(feed.created_at) })}</Text>
      ) : (
        <Text>{t('calendar.feed.none')}</Text>
      )}
      <Group gap="sm">
        {feed.active ? (
          <>
            <Button variant="default" onClick={() => setConfirming('renew')}>
              {t('calendar.feed.renew')}
            </Button>
            <Button variant="default" color="red.8" onClick={() => setConfirming('revoke')}>
              {t('calendar.feed.revoke')}
            </Button>
          </>
        ) : (
          <Button onClick={makeAddress} loading={create.isPending}>
            {t('calendar.feed.make')}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming === 'renew'}
        title={t('calendar.feed.renewTitle')}
        message={t('calendar.feed.renewMessage')}
        confirmLabel={t('calendar.feed.renew')}
        cancelLabel={t('calendar.feed.cancel')}
        isPending={create.isPending}
        onConfirm={makeAddress}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'revoke'}
        title={t('calendar.feed.revokeTitle')}
        message={t('calendar.feed.revokeMessage')}
        confirmLabel={t('calendar.feed.revoke')}
        cancelLabel={t('calendar.feed.cancel')}
        isPending={revoke.isPending}
        isDestructive
        onConfirm={endAddress}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
