import { Select } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { deleteDraft } from '../api/delete-draft.ts';
import type { ComposeAttachmentList } from '../hooks/use-compose-attachments.ts';
import type { ComposeLetter } from '../hooks/use-compose-letter.ts';
import type { SendingAccount } from './compose-types.ts';

interface SendingAccountSelectProps {
  accountId: string;
  accounts: readonly SendingAccount[];
  onAccountChange: (accountId: string) => void;
  letter: ComposeLetter;
  attachments: ComposeAttachmentList;
  disabled: boolean;
}

/** The mailbox the letter is sent from, offered when the person may send from several. */
export function SendingAccountSelect({
  accountId,
  accounts,
  onAccountChange,
  letter,
  attachments,
  disabled,
}: SendingAccountSelectProps) {
  const { t } = useTranslation();
  if (accounts.length <= 1) return null;

  const changeAccount = (nextAccountId: string) => {
    if (nextAccountId === accountId) return;
    // The draft and the uploads belong to the other mailbox: the letter starts there anew.
    const oldDraft = letter.autosave.draftId;
    letter.autosave.forgetDraft();
    if (oldDraft !== null) void deleteDraft(oldDraft).catch(() => undefined);
    attachments.dropForOtherMailbox();
    onAccountChange(nextAccountId);
    letter.replace({ ...letter.fields, attachments: [] });
  };

  return (
    <Select
      label={t('compose.account.label')}
      description={t('compose.account.hint')}
      data={accounts.map((account) => ({ value: account.id, label: account.name }))}
      value={accountId}
      onChange={(next) => {
        if (next !== null) changeAccount(next);
      }}
      allowDeselect={false}
      disabled={disabled}
    />
  );
}
