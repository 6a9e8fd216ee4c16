import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { letterCalendarUrl } from '../api/calendar-feed.ts';

/** Downloads the letter's due date as an .ics file, which any calendar app opens. */
export function AddToCalendarButton({ letterId }: { letterId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={letterCalendarUrl(letterId)}
      download
      variant="default"
      size="sm"
      leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
    >
      {t('calendar.addToCalendar')}
    </Button>
  );
}
