import { Group, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ErrorState } from '../../components/ui/query-status.tsx';
import { useHomeSummary } from '../../features/home/api/get-home-summary.ts';
import { NeedsActionCards } from '../../features/home/components/needs-action-cards.tsx';
import { RecentLetters } from '../../features/home/components/recent-letters.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { useSession } from '../../lib/session.ts';
import { useDeferredData } from '../../lib/use-deferred-data.ts';

export function Component() {
  const { t } = useTranslation();
  const { firstName } = useSession();
  const { accountId } = useSelectedAccount();
  const summaryQuery = useHomeSummary(accountId);
  const summary = useDeferredData(summaryQuery.data, accountId ?? '');
  return (
    <Stack gap="xl" maw={1040}>
      <Stack gap={4}>
        <PageTitle>{t('pages.home')}</PageTitle>
        <Text c="dimmed">
          {firstName ? t('home.greeting', { name: firstName }) : t('home.greetingAnonymous')}
        </Text>
      </Stack>
      {summaryQuery.isError ? (
        <ErrorState error={summaryQuery.error} onRetry={() => void summaryQuery.refetch()} />
      ) : null}
      {summary === undefined && !summaryQuery.isError ? (
        <Stack gap="xl" role="status" aria-label={t('common.loading')}>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={96} radius="lg" />
            ))}
          </SimpleGrid>
          <Group>
            <Skeleton height={20} width={180} />
          </Group>
          <Skeleton height={240} radius="lg" />
        </Stack>
      ) : null}
      {summary !== undefined && !summaryQuery.isError ? (
        <>
          <section aria-label={t('home.needsAction')}>
            <NeedsActionCards summary={summary} />
          </section>
          <RecentLetters letters={summary.recent_letters} />
        </>
      ) : null}
    </Stack>
  );
}
