import { Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { deleteDraft } from '../api/delete-draft.ts';
import type { ComposeLetter } from '../hooks/use-compose-letter.ts';
import { hasComposeContent } from './compose-model.ts';

interface ComposeActionsProps {
  letter: ComposeLetter;
  isSending: boolean;
}

/** The foot of the form: what the last try to send said, "to the outbox" and "send". */
export function ComposeActions({ letter, isSending }: ComposeActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { autosave } = letter;

  /** Leaving by the button says what became of the letter: kept as a draft, or nothing. */
  const goToOutbox = () => {
    const draftId = autosave.currentDraftId();
    if (draftId !== null && !hasComposeContent(letter.fields)) {
      autosave.finish();
      void deleteDraft(draftId).catch(() => undefined);
    } else if (draftId !== null && !autosave.hasUnsavedChanges) {
      notify({ type: 'positive', message: t('compose.draftKept') });
    }
    void navigate(paths.outbox());
  };

  return (
    <>
      {letter.sendProblem !== null ? (
        <FormAlert tone="error">{letter.sendProblem}</FormAlert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={goToOutbox}>
          {t('compose.toOutbox')}
        </Button>
        <Button
          type="submit"
          loading={isSending}
          leftSection={<IconSend size={18} aria-hidden="true" />}
        >
          {t('compose.send.button')}
        </Button>
      </Group>
    </>
  );
}
