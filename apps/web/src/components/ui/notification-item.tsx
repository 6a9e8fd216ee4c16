import { Button, Notification } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { dismissNotification } from '../../lib/notify.ts';
import type { AppNotification, NotificationType } from '../../lib/notify.ts';

const colors: Record<NotificationType, string> = {
  positive: 'teal',
  negative: 'red',
  warning: 'orange',
  info: 'kuvert',
  ongoing: 'kuvert',
};

const icons: Record<NotificationType, ReactNode> = {
  positive: <IconCheck size={18} aria-hidden="true" />,
  negative: <IconX size={18} aria-hidden="true" />,
  warning: <IconAlertTriangle size={18} aria-hidden="true" />,
  info: <IconInfoCircle size={18} aria-hidden="true" />,
  ongoing: null,
};

export function NotificationItem({ notification }: { notification: AppNotification }) {
  const { t } = useTranslation();
  const { id, type, title, message, action } = notification;
  return (
    <Notification
      data-notification-type={type}
      color={colors[type]}
      icon={icons[type]}
      loading={type === 'ongoing'}
      title={title}
      withBorder
      radius="md"
      style={{ pointerEvents: 'auto', boxShadow: 'var(--mantine-shadow-lg)' }}
      onClose={() => dismissNotification(id)}
      closeButtonProps={{ 'aria-label': t('notifications.dismiss') }}
      // Below a title Mantine greys the message out to under 4.5:1 contrast.
      styles={{ description: { color: 'var(--kuvert-color-quiet-text)' } }}
    >
      {message}
      {action ? (
        <Button
          display="block"
          mt="xs"
          size="xs"
          variant="light"
          onClick={() => {
            dismissNotification(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      ) : null}
    </Notification>
  );
}
