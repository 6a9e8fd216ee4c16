import { Box, Stack, Title } from '@mantine/core';
import type { CaseFileColor, CaseFileItemSummary } from '@kuvert/shared/case-files';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { groupByMonth } from '../hooks/case-file-dates.ts';
import { caseFileColorVar } from './case-file-color.ts';
import { TimelineEntry } from './timeline-entry.tsx';
import classes from './case-file-timeline.module.css';

interface CaseFileTimelineProps {
  color: CaseFileColor;
  items: readonly CaseFileItemSummary[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A file's items newest first, under a heading per month, loading older ones as it scrolls. */
export function CaseFileTimeline({
  color,
  items,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: CaseFileTimelineProps) {
  const { i18n } = useTranslation();
  const months = groupByMonth(items, i18n.language);
  return (
    <Stack gap={0}>
      <Box className={classes.months} __vars={{ '--file-color': caseFileColorVar(color) }}>
        {months.map((month) => (
          <section key={month.key} aria-labelledby={`month-${month.key}`} data-month={month.key}>
            <Title order={3} fz="h5" id={`month-${month.key}`} className={classes.monthHeading}>
              {month.label}
            </Title>
            <ol className={classes.entries}>
              {month.items.map((item) => (
                <TimelineEntry key={item.id} item={item} />
              ))}
            </ol>
          </section>
        ))}
      </Box>
      <InfiniteListFooter
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
    </Stack>
  );
}
