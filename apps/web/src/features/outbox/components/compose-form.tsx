import { Paper, Stack } from '@mantine/core';
import type { LetterDetail } from '@kuvert/shared/letters';
import { MAX_ATTACHMENT_BYTES } from '@kuvert/shared/letters';
import type { LetterDraft } from '@kuvert/shared/outbox';
import { LeaveDialog } from '../../../components/ui/leave-dialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { useComposeAttachments } from '../hooks/use-compose-attachments.ts';
import { useComposeLetter } from '../hooks/use-compose-letter.ts';
import { useSendComposedLetter } from '../hooks/use-send-composed-letter.tsx';
import { ComposeActions } from './compose-actions.tsx';
import { ComposeAttachments } from './compose-attachments.tsx';
import { ComposeHeader } from './compose-header.tsx';
import { ComposeLetterText } from './compose-letter-text.tsx';
import type { ComposeFields } from './compose-model.ts';
import { ComposeRecipients } from './compose-recipients.tsx';
import type { ComposeUploads, RenderContactPicker, SendingAccount } from './compose-types.ts';
import { PrintLanguageSelect } from './print-language-select.tsx';
import type { ProviderChoice } from './recipient-card.tsx';
import { SendingAccountSelect } from './sending-account-select.tsx';

interface ComposeFormProps {
  accountId: string;
  /** The mailboxes the user may send from; a choice is offered when there are several. */
  accounts: readonly SendingAccount[];
  onAccountChange: (accountId: string) => void;
  /** The draft being resumed, or null for a new letter. */
  draft: LetterDraft | null;
  /** What a new letter starts with. */
  initialFields: ComposeFields;
  providers: readonly ProviderChoice[];
  uploads: ComposeUploads;
  renderContactPicker?: RenderContactPicker | undefined;
  onDraftCreated: (draftId: string) => void;
  onSent: (letter: LetterDetail) => void;
}

/**
 * Writing a letter: recipients by channel, subject, body, attachments. What is typed saves
 * itself as a draft; leaving with changes not yet saved asks first; a refused send keeps
 * everything and marks what to fix.
 */
export function ComposeForm({
  accountId,
  accounts,
  onAccountChange,
  draft,
  initialFields,
  providers,
  uploads,
  renderContactPicker,
  onDraftCreated,
  onSent,
}: ComposeFormProps) {
  const { t } = useTranslation();
  const letter = useComposeLetter({ accountId, draft, initialFields, onDraftCreated });
  const attachments = useComposeAttachments(letter, uploads);
  // Leaving with changes not yet saved asks first, even for a new letter on the same page.
  const { blocker, release: releaseLeave } = useLeaveGuard(
    letter.autosave.hasUnsavedChanges || attachments.pendingCount > 0,
    { guardsSamePath: true },
  );
  const { isSending, submit } = useSendComposedLetter({
    accountId,
    letter,
    attachments,
    releaseLeave,
    onSent,
  });
  const { fields } = letter;

  return (
    <Stack gap="lg" maw={860}>
      <ComposeHeader letter={letter} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t('compose.formLabel')}
        >
          <Stack gap="lg">
            <SendingAccountSelect
              accountId={accountId}
              accounts={accounts}
              onAccountChange={onAccountChange}
              letter={letter}
              attachments={attachments}
              disabled={isSending}
            />
            <ComposeRecipients
              accountId={accountId}
              letter={letter}
              providers={providers}
              renderContactPicker={renderContactPicker}
              disabled={isSending}
            />
            {attachments.hasPostal ? (
              <PrintLanguageSelect
                value={fields.printLanguage}
                onChange={(printLanguage) => letter.update({ ...fields, printLanguage })}
                disabled={isSending}
              />
            ) : null}
            <ComposeLetterText letter={letter} disabled={isSending} />
            <ComposeAttachments
              attachments={fields.attachments}
              pending={attachments.pending}
              accept={attachments.accept}
              maxBytes={MAX_ATTACHMENT_BYTES}
              problem={attachments.problem ?? letter.errors.upload_ids ?? null}
              disabled={isSending}
              onFiles={attachments.addFiles}
              onPickUploads={attachments.openPicker}
              onRemove={attachments.remove}
            />
            <ComposeActions letter={letter} isSending={isSending} />
          </Stack>
        </form>
      </Paper>
      {uploads.renderPicker?.({
        opened: attachments.isPickerOpen,
        onClose: attachments.closePicker,
        onPick: attachments.pickUploads,
        accountId,
        accept: attachments.accept,
        maxBytes: MAX_ATTACHMENT_BYTES,
        maxCount: Math.max(0, attachments.room),
        attachedIds: fields.attachments.map(({ upload_id: id }) => id),
      })}
      <LeaveDialog
        blocker={blocker}
        title={t('compose.leave.title')}
        message={t('compose.leave.text')}
        confirmLabel={t('compose.leave.confirm')}
        cancelLabel={t('compose.leave.stay')}
      />
    </Stack>
  );
}
