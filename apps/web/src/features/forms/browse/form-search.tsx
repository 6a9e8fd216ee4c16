import { Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { flattenFormPages, useFormCatalogue } from '../api/get-form-catalogue.ts';
import { FormGrid, FormGridSkeleton } from './form-grid.tsx';

interface FormSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  isSearching: boolean;
}

/** The search over every published form's title and description. */
export function FormSearchField({ value, onChange, isSearching }: FormSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t('forms.browse.search.label')}
      placeholder={t('forms.browse.search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={isSearching ? <Loader size="xs" aria-hidden="true" /> : null}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={560}
      size="md"
    />
  );
}

/** The forms a search found, or what to try when it found none. */
export function FormSearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const catalogue = useFormCatalogue({ q: query });
  const forms = flattenFormPages(catalogue.data);
  // Results of an earlier query, kept while this one loads, are not this query's results.
  const isStale = catalogue.isPlaceholderData;
  return (
    <Stack gap="md" component="section" aria-labelledby="form-search-results">
      <Title order={2} fz="h4" id="form-search-results">
        {t('forms.browse.search.resultsTitle', { query })}
      </Title>
      {catalogue.isError ? (
        <FormAlert tone="error">{translateError(t, catalogue.error)}</FormAlert>
      ) : null}
      {catalogue.isPending ? <FormGridSkeleton /> : null}
      {!catalogue.isPending && !isStale && forms.length === 0 && !catalogue.isError ? (
        <Text c="dimmed" role="status">
          {t('forms.browse.search.noMatch', { query })}
        </Text>
      ) : null}
      {forms.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" role="status">
            {isStale
              ? t('common.loading')
              : catalogue.hasNextPage
                ? t('forms.browse.search.foundMore', { count: forms.length })
                : t('forms.browse.search.found', { count: forms.length })}
          </Text>
          <div style={{ opacity: isStale ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <FormGrid forms={forms} label={t('forms.browse.search.resultsLabel')} />
          </div>
          <InfiniteListFooter
            hasNextPage={catalogue.hasNextPage}
            isFetchingNextPage={catalogue.isFetchingNextPage}
            fetchNextPage={catalogue.fetchNextPage}
          />
        </>
      ) : null}
    </Stack>
  );
}
