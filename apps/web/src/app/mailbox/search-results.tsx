import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '@kuvert/shared/search';
import type { SearchHit, SearchKind, SearchSort, UploadSearchHit } from '@kuvert/shared/search';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState, LoadingState } from '../../components/ui/query-status.tsx';
import { LoadedLetterList } from '../../features/letters/components/letter-list.tsx';
import type { LetterSelectionAction } from '../../features/letters/components/letter-list.tsx';
import { useLetterSelection } from '../../features/letters/hooks/use-letter-selection.ts';
import type { MoveTarget } from '../../features/letters/components/move-menu.tsx';
import { isSearchableQuery, useSearch } from '../../features/search/api/search.ts';
import { useSearchResultsState } from '../../features/search/hooks/search-results-state.ts';
import { SearchHitDetail } from '../../features/search/components/search-hit-detail.tsx';
import { layOutSearchHits } from '../../features/search/components/search-hit-layout.ts';
import { SearchKindControl } from '../../features/search/components/search-kind-control.tsx';
import { SearchSortControl } from '../../features/search/components/search-sort-control.tsx';
import { UploadHitList } from '../../features/search/components/upload-hit-list.tsx';
import { UploadHitRow } from '../../features/search/components/upload-hit-row.tsx';
import type { TranslationKey } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { letterToFile, uploadToFile } from '../case-file-actions.tsx';
import type { AddToFileAction } from './use-add-to-file-action.tsx';

interface SearchResultsProps {
  query: string;
  sort: SearchSort;
  kind: SearchKind;
  onSortChange: (sort: SearchSort) => void;
  onKindChange: (kind: SearchKind) => void;
  folders: readonly MoveTarget[];
  /** "Add to a file" for the selected letters and uploads (nothing to select for viewers). */
  fileAdding: AddToFileAction;
}

/** A query's words are not wrapped by the browser: a long one must not widen the page. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** What the count says was found: letters, uploads, or both. */
function resultsKey(hits: readonly SearchHit[], hasMore: boolean): TranslationKey {
  const hasLetters = hits.some((hit) => hit.type === 'letter');
  const hasUploads = hits.some((hit) => hit.type === 'upload');
  if (hasLetters && hasUploads) return hasMore ? 'search.resultsMixedMore' : 'search.resultsMixed';
  if (hasUploads) return hasMore ? 'search.resultsUploadsMore' : 'search.resultsUploads';
  return hasMore ? 'search.resultsMore' : 'search.results';
}

/**
 * The hits of a search in the order the user chose: letters as the inbox's rows (unread,
 * invoice, sent, selection and bulk actions) with uploads among them where they rank, each
 * showing where it matched; All, Letters or Uploads as the user filters.
 */
export function SearchResults({
  query,
  sort,
  kind,
  onSortChange,
  onKindChange,
  folders,
  fileAdding,
}: SearchResultsProps) {
  const { t } = useTranslation();
  const { accountId, role, can } = useSelectedAccount();
  const search = useSearch(accountId, { query, sort, kind });
  const linkState = useSearchResultsState({ query, sort, kind });
  const { hits } = search;
  const layout = useMemo(() => layOutSearchHits(hits), [hits]);
  const letters = useMemo(() => layout.letterHits.map((hit) => hit.letter), [layout]);
  const letterHitsById = useMemo(
    () => new Map(layout.letterHits.map((hit) => [hit.letter.id, hit])),
    [layout],
  );
  const uploads = useMemo(
    () => hits.flatMap((hit) => (hit.type === 'upload' ? [hit.upload] : [])),
    [hits],
  );
  const uploadIds = useMemo(() => uploads.map((upload) => upload.id), [uploads]);
  const uploadSelection = useLetterSelection(uploadIds);
  const { look } = fileAdding;
  // Uploads are selected with the letters to add them to a file: nothing else applies to both.
  const canSelectUploads = look !== null;
  const selectionActions: LetterSelectionAction[] =
    look === null
      ? []
      : [
          {
            ...look,
            onSelect: (selectedLetters, done) =>
              fileAdding.open(
                [
                  ...selectedLetters.map(letterToFile),
                  ...uploads
                    .filter((upload) => uploadSelection.isSelected(upload.id))
                    .map(uploadToFile),
                ],
                done,
              ),
          },
        ];

  if (!isSearchableQuery(query)) {
    return (
      <Alert color="red" title={t('search.limit.title')} style={wrapAnywhere}>
        {t('search.limit.tooLong', {
          count: query.length - SEARCH_QUERY_MAX_LENGTH,
          max: SEARCH_QUERY_MAX_LENGTH,
        })}
      </Alert>
    );
  }

  const controls = (
    <Group gap="md" wrap="wrap">
      <SearchKindControl kind={kind} onChange={onKindChange} />
      <SearchSortControl sort={sort} onChange={onSortChange} />
    </Group>
  );
  if (search.isError) {
    return (
      <Stack gap="sm">
        {controls}
        <ErrorState error={search.error} onRetry={() => void search.refetch()} />
      </Stack>
    );
  }

  const label = t('search.resultsLabel', { query });
  // Uploads sit among the letters without checkboxes: their previews line up with avatars.
  const isIndented = can('organize');
  const uploadRows = (uploadHits: readonly UploadSearchHit[] | undefined) =>
    uploadHits?.map((hit) => (
      <UploadHitRow
        key={hit.upload.id}
        hit={hit}
        isIndented={isIndented}
        selection={
          canSelectUploads
            ? {
                isSelected: uploadSelection.isSelected(hit.upload.id),
                onToggle: uploadSelection.toggle,
              }
            : null
        }
      />
    ));
  let results;
  // Until the session tells the user's role, rows would gain their checkboxes late.
  if (search.isPending || role === null) results = <LoadingState />;
  else if (hits.length === 0) {
    results = (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconSearch size={30} />}
          title={t('search.empty.title')}
          text={t('search.empty.text')}
        />
      </Paper>
    );
  } else if (letters.length === 0 && !canSelectUploads) {
    results = <UploadHitList hits={layout.uploadsAfter} label={label} pages={search} />;
  } else {
    results = (
      <LoadedLetterList
        letters={letters}
        view="inbox"
        currentFolderId={undefined}
        label={label}
        folders={folders}
        isSelectable
        pages={search}
        renderDetail={(letter) => {
          const hit = letterHitsById.get(letter.id);
          return hit ? <SearchHitDetail hit={hit} /> : undefined;
        }}
        renderRowsBefore={(letter) => uploadRows(layout.uploadsBefore.get(letter.id))}
        rowsAfter={uploadRows(layout.uploadsAfter)}
        selectionActions={selectionActions}
        otherSelection={
          canSelectUploads ? { selection: uploadSelection, loadedCount: uploads.length } : undefined
        }
        linkState={linkState}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" role="status" style={{ ...wrapAnywhere, minWidth: 0 }}>
          {search.isPending
            ? null
            : hits.length === 0
              ? t('search.noResultsStatus', { query })
              : t(resultsKey(hits, search.hasNextPage), { count: hits.length, query })}
        </Text>
        {controls}
      </Group>
      {results}
    </Stack>
  );
}
