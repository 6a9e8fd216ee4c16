import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileCheck, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useFormDrafts } from '../api/get-form-drafts.ts';
import { flattenSubmissionPages, useFormSubmissions } from '../api/get-form-submissions.ts';
import { FormDraftList } from './form-draft-list.tsx';
import { FormSubmissionList } from './form-submission-list.tsx';
import { FormsBreadcrumbs } from './forms-breadcrumbs.tsx';

/** /forms/my: the selected mailbox's unfinished and sent forms, live. */
export function MyFormsView() {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('fill-in-forms');
  return (
    <Stack gap="xl" maw={960}>
      <Stack gap="md">
        <FormsBreadcrumbs
          crumbs={[{ label: t('pages.forms'), href: paths.forms() }, { label: t('pages.formsMy') }]}
        />
        <Group justify="space-between" align="center" gap="sm">
          <PageTitle>{t('pages.formsMy')}</PageTitle>
          <Button
            component={Link}
            to={paths.forms()}
            leftSection={<IconSearch size={18} aria-hidden="true" />}
          >
            {t('forms.my.findForm')}
          </Button>
        </Group>
      </Stack>
      <DraftsSection accountId={accountId} canDelete={canWrite} />
      <SubmissionsSection accountId={accountId} />
    </Stack>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('common.loading')}>
      <Skeleton height={88} radius="lg" />
      <Skeleton height={88} radius="lg" />
    </Stack>
  );
}

function DraftsSection({ accountId, canDelete }: { accountId: string | null; canDelete: boolean }) {
  const { t } = useTranslation();
  const drafts = useFormDrafts(accountId);
  const items = drafts.data?.items ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="my-form-drafts">
      <Title order={2} fz="h4" id="my-form-drafts">
        {t('forms.my.drafts.title')}
      </Title>
      {drafts.isError ? (
        <ErrorState error={drafts.error} onRetry={() => void drafts.refetch()} />
      ) : null}
      {drafts.isPending && !drafts.isError ? <ListSkeleton /> : null}
      {drafts.data !== undefined && items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('forms.my.drafts.empty')}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <FormDraftList drafts={items} label={t('forms.my.drafts.title')} canDelete={canDelete} />
      ) : null}
    </Stack>
  );
}

function SubmissionsSection({ accountId }: { accountId: string | null }) {
  const { t } = useTranslation();
  const submissions = useFormSubmissions(accountId);
  const items = flattenSubmissionPages(submissions.data);
  return (
    <Stack gap="md" component="section" aria-labelledby="my-form-submissions">
      <Title order={2} fz="h4" id="my-form-submissions">
        {t('forms.my.submissions.title')}
      </Title>
      {submissions.isError ? (
        <ErrorState error={submissions.error} onRetry={() => void submissions.refetch()} />
      ) : null}
      {submissions.isPending && !submissions.isError ? <ListSkeleton /> : null}
      {submissions.data !== undefined && items.length === 0 ? (
        <EmptyState
          icon={<IconFileCheck size={32} />}
          title={t('forms.my.submissions.emptyTitle')}
          text={t('forms.my.submissions.emptyText')}
          action={
            <Button component={Link} to={paths.forms()} variant="light">
              {t('forms.my.findForm')}
            </Button>
          }
        />
      ) : null}
      {items.length > 0 ? (
        <>
          <FormSubmissionList submissions={items} label={t('forms.my.submissions.title')} />
          <InfiniteListFooter
            hasNextPage={submissions.hasNextPage}
            isFetchingNextPage={submissions.isFetchingNextPage}
            fetchNextPage={submissions.fetchNextPage}
          />
        </>
      ) : null}
    </Stack>
  );
}
