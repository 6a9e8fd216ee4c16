import { Anchor, Stack } from '@mantine/core';
import { IconMailQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { LetterDetail } from '@kuvert/shared/letters';
import { can } from '@kuvert/shared/roles';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ErrorState, LoadingState } from '../../components/ui/query-status.tsx';
import { COMPOSE_DRAFT_PARAM, COMPOSE_WITH_PARAM, paths } from '../../config/paths.ts';
import { useDraft } from '../../features/outbox/api/get-draft.ts';
import { ComposeForm } from '../../features/outbox/components/compose-form.tsx';
import { emptyComposeFields } from '../../features/outbox/components/compose-model.ts';
import type { ComposeFields } from '../../features/outbox/components/compose-model.ts';
import { useUpload } from '../../features/uploads/api/get-upload.ts';
import { useProviders } from '../../features/providers/api/get-providers.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useComposeUploads } from '../upload-attachments.tsx';
import { renderComposeContactPicker } from '../contact-picking.tsx';

/** /outbox/compose: a new letter; `?draft=` goes on with a saved draft. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const draftParam = searchParams.get(COMPOSE_DRAFT_PARAM);
  // "Use in a letter" on an upload: the new letter starts with it attached.
  const withParam = draftParam === null ? searchParams.get(COMPOSE_WITH_PARAM) : null;
  const withUpload = useUpload(withParam ?? '', withParam !== null);
  const { accounts, selectedAccountId } = useSession();
  const writable = accounts.filter((account) => can(account.role, 'send'));
  const [chosenAccountId, setChosenAccountId] = useState<string | null>(null);

  const draftQuery = useDraft(draftParam);
  const draft = draftParam === null ? null : (draftQuery.data ?? null);
  const defaultAccountId =
    writable.find((account) => account.id === selectedAccountId)?.id ?? writable[0]?.id ?? null;
  const accountId = chosenAccountId ?? draft?.account_id ?? defaultAccountId;
  const providers = useProviders(accountId);
  const uploads = useComposeUploads(accountId);

  if (writable.length === 0 || accountId === null) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('compose.title')}</PageTitle>
        <EmptyState
          icon={<IconMailQuestion size={32} />}
          title={t('compose.readOnly.title')}
          text={t('compose.readOnly.text')}
        />
      </Stack>
    );
  }
  // Only a draft that never loaded is "gone": once open, sending it deletes it on the server,
  // and the refetch that follows must not take the page away before the send lands.
  if (draftParam !== null && draftQuery.isError && draftQuery.data === undefined) {
    if (hasErrorCode(draftQuery.error, 'NOT_FOUND')) {
      return (
        <Stack gap="lg">
          <PageTitle>{t('compose.title')}</PageTitle>
          <EmptyState
            icon={<IconMailQuestion size={32} />}
            title={t('compose.draftGone.title')}
            text={t('compose.draftGone.text')}
            action={
              <Anchor component={Link} to={paths.outbox()} fw={600}>
                {t('compose.draftGone.back')}
              </Anchor>
            }
          />
        </Stack>
      );
    }
    return <ErrorState error={draftQuery.error} onRetry={() => void draftQuery.refetch()} />;
  }
  if (draftParam !== null && draft === null) {
    return <LoadingState />;
  }
  if (withParam !== null && withUpload.isPending) return <LoadingState />;
  const attached = withUpload.data;
  // An upload that is gone or not this mailbox's starts an empty letter: nothing to attach.
  const initialFields: ComposeFields =
    attached === undefined || attached.account_id !== accountId || attached.trashed_at !== null
      ? emptyComposeFields
      : {
          ...emptyComposeFields,
          attachments: [
            {
              upload_id: attached.id,
              name: attached.name,
              size: attached.size,
              content_type: attached.content_type,
            },
          ],
        };

  return (
    <ComposeForm
      // A new letter (the sidebar's "New letter" again) or another draft starts afresh; the
      // first save of a new letter only writes its draft into the address (see below).
      key={draftParam ?? location.key}
      accountId={accountId}
      accounts={writable}
      onAccountChange={setChosenAccountId}
      draft={draft}
      initialFields={initialFields}
      providers={(providers.data?.providers ?? []).map(({ id, name }) => ({ id, name }))}
      uploads={uploads}
      renderContactPicker={renderComposeContactPicker}
      onDraftCreated={(draftId) => {
        // Into the address without a navigation: the page stays as it is, a reload resumes.
        const url = new URL(window.location.href);
        url.searchParams.set(COMPOSE_DRAFT_PARAM, draftId);
        window.history.replaceState(window.history.state, '', url);
      }}
      onSent={(letter: LetterDetail) => {
        notify({ type: 'positive', message: t('compose.send.sent') });
        void navigate(paths.sentLetter(letter.id), { replace: true });
      }}
    />
  );
}
