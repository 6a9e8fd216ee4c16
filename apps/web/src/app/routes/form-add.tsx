import { Anchor, Stack } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { FORM_LIMITS } from '@kuvert/shared/form-definition';
import { can } from '@kuvert/shared/roles';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ErrorState, LoadingState } from '../../components/ui/query-status.tsx';
import { FORM_DRAFT_PARAM, paths } from '../../config/paths.ts';
import { useFormDetail } from '../../features/forms/api/get-form-detail.ts';
import { formDraftQueryOptions, useFormDraft } from '../../features/forms/api/get-form-draft.ts';
import { fillableForm } from '../../features/forms/fill/form-model.ts';
import { MyFormFill } from '../../features/forms/fill/my-form-fill.tsx';
import type { RenderFormUploadPicker } from '../../features/forms/fill/my-form-fill.tsx';
import { UploadPicker } from '../../features/uploads/components/upload-picker.tsx';
import { hasErrorCode } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

// Where forms and uploads meet (a feature never imports another): files from the mailbox.
const renderUploadPicker: RenderFormUploadPicker = (props) => <UploadPicker {...props} />;

/**
 * /forms/my/{provider}/{form}/add: a new submission of the form, prefilled from the profile;
 * `?draft=` goes on with a saved draft (at the version it was started on).
 */
export function Component() {
  const { t } = useTranslation();
  const { tenant = '', source = '' } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const draftParam = searchParams.get(FORM_DRAFT_PARAM);
  const { accounts, selectedAccountId } = useSession();
  const writable = accounts.filter((account) => can(account.role, 'fill-in-forms'));
  const [chosenAccountId, setChosenAccountId] = useState<string | null>(null);

  const draftQuery = useFormDraft(draftParam);
  const draft = draftParam === null ? null : (draftQuery.data ?? null);
  const defaultAccountId =
    writable.find((account) => account.id === selectedAccountId)?.id ?? writable[0]?.id ?? null;
  const accountId = chosenAccountId ?? draft?.account_id ?? defaultAccountId;
  const isDraftPending = draftParam !== null && draft === null && !draftQuery.isError;
  const detailQuery = useFormDetail(
    source,
    isDraftPending ? null : accountId,
    draft?.form_version ?? null,
  );
  const detail = detailQuery.data ?? null;
  const form = useMemo(
    () => (detail === null ? null : fillableForm(detail.schema, detail.ui_schema)),
    [detail],
  );

  const gone = (
    titleKey: 'notFound' | 'withdrawn' | 'outdated' | 'draftGone' | 'readOnly' | 'unreadable',
  ) => (
    <Stack gap="lg">
      <PageTitle>{t('forms.fill.my.title')}</PageTitle>
      <EmptyState
        icon={<IconFileOff size={32} />}
        title={t(`forms.fill.my.${titleKey}.title`)}
        text={t(`forms.fill.my.${titleKey}.text`)}
        action={
          <Anchor component={Link} to={paths.forms()} fw={600}>
            {t('forms.fill.my.toForms')}
          </Anchor>
        }
      />
    </Stack>
  );

  if (writable.length === 0 || accountId === null) return gone('readOnly');
  // Failures after the page was shown (the draft sent, the form withdrawn meanwhile) leave it
  // as it is: the data loaded stays, and sending says what happened.
  if (draftParam !== null && draftQuery.isError && draft === null) {
    if (hasErrorCode(draftQuery.error, 'NOT_FOUND')) return gone('draftGone');
    return <ErrorState error={draftQuery.error} onRetry={() => void draftQuery.refetch()} />;
  }
  if (detailQuery.isError && detail === null) {
    if (hasErrorCode(detailQuery.error, 'NOT_FOUND')) return gone('notFound');
    if (hasErrorCode(detailQuery.error, 'FORM_UNPUBLISHED')) return gone('withdrawn');
    if (hasErrorCode(detailQuery.error, 'FORM_VERSION_UNSUPPORTED')) return gone('outdated');
    return <ErrorState error={detailQuery.error} onRetry={() => void detailQuery.refetch()} />;
  }
  if (detail === null || isDraftPending) return <LoadingState />;
  // The address names the provider too: a form of another provider is not this page's.
  if (detail.provider.id !== tenant) return gone('notFound');
  if (form === null) return gone('unreadable');

  return (
    <MyFormFill
      // A new form (opened again) or another draft or version starts afresh.
      key={`${draftParam ?? location.key}/${detail.version}`}
      detail={detail}
      form={form}
      draft={draft?.form_version === detail.version ? draft : null}
      accountId={accountId}
      accounts={writable}
      onAccountChange={setChosenAccountId}
      onDraftCreated={(draftId) => {
        // Into the address without a navigation: the page stays as it is, a reload resumes.
        const url = new URL(window.location.href);
        url.searchParams.set(FORM_DRAFT_PARAM, draftId);
        window.history.replaceState(window.history.state, '', url);
      }}
      onDraftMoved={(moved) => {
        queryClient.setQueryData(formDraftQueryOptions(moved.id).queryKey, moved);
      }}
      renderUploadPicker={renderUploadPicker}
      maxFileBytes={FORM_LIMITS.maxFileBytes}
    />
  );
}
