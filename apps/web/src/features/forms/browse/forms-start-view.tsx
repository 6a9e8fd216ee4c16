import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconClipboardList, IconForms } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useFormStart } from '../api/get-form-start.ts';
import { BrowseLinks } from './browse-links.tsx';
import { FormDraftList } from './form-draft-list.tsx';
import { FormGrid, FormGridSkeleton } from './form-grid.tsx';
import { FormSearchField, FormSearchResults } from './form-search.tsx';

const SEARCH_PARAM = 'q';
const SEARCH_DEBOUNCE_MS = 300;

/** /forms: search every form, or start from the mailbox's providers and drafts. */
export function FormsStartView() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The search lives in the URL: a reload or "back" from a form finds the same results.
  const query = (searchParams.get(SEARCH_PARAM) ?? '').trim();
  const [search, setSearch] = useState(query);
  const writeQuery = useDebouncedCallback((value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(SEARCH_PARAM);
        else next.set(SEARCH_PARAM, value);
        return next;
      },
      { replace: true },
    );
  }, SEARCH_DEBOUNCE_MS);
  const changeSearch = (value: string) => {
    setSearch(value);
    if (value.trim() !== query) writeQuery(value.trim());
    else writeQuery.cancel();
  };

  // A link to /forms (the navigation) while a search is shown starts over: the field follows
  // a URL changed from outside (adjusted while rendering, not in an effect).
  const [followedQuery, setFollowedQuery] = useState(query);
  if (query !== followedQuery) {
    setFollowedQuery(query);
    if (search.trim() !== query && !writeQuery.isPending()) setSearch(query);
  }

  return (
    <Stack gap="xl" maw={1040}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <PageTitle>{t('pages.forms')}</PageTitle>
          <Text c="dimmed" maw={620}>
            {t('forms.browse.intro')}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={paths.formsMy()}
          variant="default"
          leftSection={<IconClipboardList size={18} aria-hidden="true" />}
        >
          {t('pages.formsMy')}
        </Button>
      </Group>
      <Stack gap="md">
        <FormSearchField
          value={search}
          onChange={changeSearch}
          isSearching={search.trim() !== query}
        />
        {query === '' ? <BrowseLinks /> : null}
      </Stack>
      {query === '' ? <StartSections /> : null}
      {/* While searching, the results come first and the other ways in after them. */}
      {query === '' ? null : (
        <>
          <FormSearchResults query={query} />
          <BrowseLinks />
        </>
      )}
    </Stack>
  );
}

/** Forms of the providers that wrote to this mailbox, and its unfinished forms. */
function StartSections() {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('fill-in-forms');
  const start = useFormStart(accountId);
  if (start.isError) return <ErrorState error={start.error} onRetry={() => void start.refetch()} />;
  const data = start.data;
  return (
    <>
      <Stack gap="md" component="section" aria-labelledby="forms-recent">
        <Title order={2} fz="h4" id="forms-recent">
          {t('forms.browse.recent.title')}
        </Title>
        {data === undefined ? <FormGridSkeleton /> : null}
        {data !== undefined && data.recent.length > 0 ? (
          <FormGrid forms={data.recent} label={t('forms.browse.recent.title')} />
        ) : null}
        {data !== undefined && data.recent.length === 0 ? (
          <EmptyState
            icon={<IconForms size={32} />}
            title={t('forms.browse.recent.emptyTitle')}
            text={t('forms.browse.recent.emptyText')}
          />
        ) : null}
      </Stack>
      {data !== undefined ? (
        <Stack gap="md" component="section" aria-labelledby="forms-drafts">
          <Group justify="space-between" align="baseline" gap="sm">
            <Title order={2} fz="h4" id="forms-drafts">
              {t('forms.browse.drafts.title')}
            </Title>
            <Anchor component={Link} to={paths.formsMy()} size="sm" fw={600}>
              {t('forms.browse.drafts.allMine')}
            </Anchor>
          </Group>
          {data.drafts.length > 0 ? (
            <FormDraftList
              drafts={data.drafts}
              label={t('forms.browse.drafts.title')}
              canDelete={canWrite}
            />
          ) : (
            <Text c="dimmed" size="sm">
              {t('forms.browse.drafts.empty')}
            </Text>
          )}
        </Stack>
      ) : null}
    </>
  );
}
