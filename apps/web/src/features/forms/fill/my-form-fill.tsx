import { Anchor, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { FormDetail, FormDraft, FormSubmissionSummary } from '@kuvert/shared/forms';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { LeaveDialog } from '../../../components/ui/leave-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { discardFormDraft } from '../api/discard-form-draft.ts';
import { getFormDraft } from '../api/get-form-draft.ts';
import { useSubmitForm } from '../api/submit-form.ts';
import { DraftNotices, SaveIndicator } from './draft-notices.tsx';
import { describeSubmitError } from './fill-errors.ts';
import { FormFill } from './form-fill.tsx';
import { FormHeader } from './form-header.tsx';
import { answersForDraft, answersThatFit, prefilledAnswers, withoutFiles } from './form-model.ts';
import type { FillableForm } from './form-model.ts';
import { FormSent } from './form-sent.tsx';
import { useFormAnswers } from './use-form-answers.ts';
import { useFormDraftAutosave } from './use-form-draft-autosave.ts';
import { useFormFiles } from './use-form-files.ts';

/** The mailbox's uploads to choose from (the uploads area's picker, wired in app/). */
export type RenderFormUploadPicker = (props: {
  opened: boolean;
  onClose: () => void;
  onPick: (uploads: UploadSummary[]) => void;
  accountId: string;
  accept: readonly string[];
  maxBytes: number;
  maxCount: number;
  title: string;
}) => ReactNode;

export interface SendingAccount {
  id: string;
  name: string;
}

interface MyFormFillProps {
  /** The form at the version being filled out. */
  detail: FormDetail;
  form: FillableForm;
  draft: FormDraft | null;
  accountId: string;
  /** The mailboxes that may send; a choice is offered when there are several. */
  accounts: readonly SendingAccount[];
  onAccountChange: (accountId: string) => void;
  onDraftCreated: (draftId: string) => void;
  /** The draft now belongs to another version of the form: the page loads that version. */
  onDraftMoved: (draft: FormDraft) => void;
  renderUploadPicker?: RenderFormUploadPicker;
  maxFileBytes: number;
}

/**
 * A logged-in person fills out a form: prefilled from the profile, saved as a draft on the
 * server as they go, files from the computer or the mailbox's uploads, then checked and sent.
 */
export function MyFormFill({
  detail,
  form,
  draft,
  accountId,
  accounts,
  onAccountChange,
  onDraftCreated,
  onDraftMoved,
  renderUploadPicker,
  maxFileBytes,
}: MyFormFillProps) {
  const { t } = useTranslation();
  const [initialAnswers] = useState(() =>
    draft === null
      ? prefilledAnswers(form.fields, detail.prefill)
      : answersThatFit(form.fields, draft.data),
  );
  const fill = useFormAnswers(form, initialAnswers);
  const files = useFormFiles({
    formId: detail.id,
    accountId,
    draft,
    canPickUploads: renderUploadPicker !== undefined,
  });
  const [sent, setSent] = useState<FormSubmissionSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useSubmitForm(detail.id);
  const autosave = useFormDraftAutosave({
    accountId,
    formId: detail.id,
    formVersion: detail.version,
    draft,
    onCreated: onDraftCreated,
  });

  // Each change of the answers is saved as a draft (what a draft may hold of them).
  const isFirst = useRef(true);
  const { answers, replace } = fill;
  const changeDraft = autosave.change;
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    changeDraft(answersForDraft(form.fields, answers));
  }, [answers, form.fields, changeDraft]);

  const changeAccount = (next: string) => {
    if (next === accountId) return;
    // The draft and its files belong to the other mailbox: the answers go on in this one.
    void autosave.close().then((oldDraft) => {
      autosave.forgetDraft();
      autosave.reopen();
      if (oldDraft !== null) void discardFormDraft(oldDraft).catch(() => undefined);
      replace(withoutFiles(form.fields, answers));
    });
    onAccountChange(next);
  };

  const reloadDraft = async () => {
    const draftId = autosave.currentDraftId();
    if (draftId === null) return;
    try {
      const latest = await getFormDraft(draftId);
      files.addFiles(latest.files);
      replace(answersThatFit(form.fields, latest.data));
      autosave.reset(latest);
    } catch (error) {
      setProblem(describeSubmitError(t, error));
    }
  };

  const moveToCurrent = async () => {
    try {
      const moved = await autosave.moveToVersion(
        detail.current_version,
        answersForDraft(form.fields, answers),
      );
      if (moved !== null) onDraftMoved(moved);
    } catch (error) {
      setProblem(describeSubmitError(t, error));
    }
  };

  // Leaving with changes not yet saved asks first: in the portal (the router) and the browser.
  const hasUnsaved = autosave.hasUnsavedChanges && sent === null;
  const { blocker } = useLeaveGuard(hasUnsaved);

  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <FormHeader detail={detail} />
        {sent === null ? <SaveIndicator status={autosave.status} /> : null}
      </Group>
      {sent !== null ? (
        <FormSent reference={sent.reference} submittedAt={sent.created_at}>
          <Text>
            {t('forms.fill.sent.inMyForms')}{' '}
            <Anchor component={Link} to={paths.formsMy()} fw={600}>
              {t('forms.fill.sent.toMyForms')}
            </Anchor>
          </Text>
        </FormSent>
      ) : (
        <>
          <DraftNotices
            status={autosave.status}
            isOlderVersion={detail.version < detail.current_version}
            problem={problem}
            onReload={() => void reloadDraft()}
            onKeepMine={() => void autosave.keepMine()}
            onMove={() => void moveToCurrent()}
          />
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="lg">
              {accounts.length > 1 ? (
                <NativeSelect
                  label={t('forms.fill.account.label')}
                  description={t('forms.fill.account.help')}
                  data={accounts.map((account) => ({ value: account.id, label: account.name }))}
                  value={accountId}
                  onChange={(event) => changeAccount(event.currentTarget.value)}
                />
              ) : null}
              <FormFill
                form={form}
                fill={fill}
                files={files.support}
                isLocked={autosave.status === 'conflict'}
                onSubmit={async (data) => {
                  const draftId = await autosave.close();
                  try {
                    const summary = await submit.mutateAsync({
                      account_id: accountId,
                      form_version: detail.version,
                      data,
                      ...(draftId === null ? {} : { draft_id: draftId }),
                    });
                    autosave.finish();
                    setSent(summary);
                  } catch (error) {
                    autosave.reopen();
                    throw error;
                  }
                }}
                describeError={(error) => describeSubmitError(t, error)}
              />
            </Stack>
          </Paper>
        </>
      )}
      {renderUploadPicker?.({
        opened: files.picker !== null,
        onClose: files.closePicker,
        onPick: (uploads) => {
          if (files.picker !== null) void files.pickUploads(files.picker, uploads);
        },
        accountId,
        accept: files.picker?.accept ?? [],
        maxBytes: maxFileBytes,
        maxCount: files.picker?.maxCount ?? 1,
        title: t('forms.fill.file.fromUploads'),
      })}
      <LeaveDialog
        blocker={blocker}
        title={t('forms.fill.leave.title')}
        message={t('forms.fill.leave.text')}
        confirmLabel={t('forms.fill.leave.confirm')}
        cancelLabel={t('forms.fill.leave.stay')}
      />
    </Stack>
  );
}
