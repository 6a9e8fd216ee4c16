import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { CaseFileItemSummary } from '@kuvert/shared/case-files';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { getDateTimeFormat } from '../../../lib/intl-format.ts';
import { calendarDate } from '../hooks/case-file-dates.ts';
import { LinkedAttachments } from './linked-attachments.tsx';
import { LinkedLetters } from './linked-letters.tsx';
import classes from './case-file-timeline.module.css';

/** One item of the timeline: its day on the rail, then title, notes, letters and attachments. */
export function TimelineEntry({ item }: { item: CaseFileItemSummary }) {
  const { i18n } = useTranslation();
  const day = calendarDate(item.date);
  const weekday = getDateTimeFormat(i18n.language, { weekday: 'short' }).format(day);
  return (
    <li className={classes.entry} data-item-id={item.id}>
      <div className={classes.when} aria-hidden="true">
        <span className={classes.day}>{day.getDate()}</span>
        <span className={classes.weekday}>{weekday}</span>
      </div>
      <Box component="article" className={classes.card} aria-labelledby={`item-${item.id}`}>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
            <Text component="h4" fw={650} fz="md" m={0} id={`item-${item.id}`}>
              <Anchor
                component={Link}
                to={paths.fileItem(item.file_id, item.id)}
                inherit
                c="inherit"
              >
                {item.title}
              </Anchor>
            </Text>
            <Text size="xs" c="dimmed">
              <VisuallyHidden>{', '}</VisuallyHidden>
              <time dateTime={item.date}>{formatCalendarDate(item.date)}</time>
            </Text>
          </Group>
          {item.notes_snippet === '' ? null : (
            <Text size="sm" c="dimmed" lineClamp={2} className={classes.notes}>
              {item.notes_snippet}
            </Text>
          )}
          {item.letters.length > 0 ? (
            <LinkedLetters
              letters={item.letters}
              moreCount={item.letter_count - item.letters.length}
              size="sm"
            />
          ) : null}
          {item.attachments.length > 0 ? (
            <LinkedAttachments
              attachments={item.attachments}
              moreCount={item.attachment_count - item.attachments.length}
              size="sm"
            />
          ) : null}
        </Stack>
      </Box>
    </li>
  );
}
