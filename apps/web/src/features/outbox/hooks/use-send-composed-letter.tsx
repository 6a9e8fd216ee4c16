import { Anchor } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { LetterDetail } from '@kuvert/shared/letters';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSendLetter } from '../api/send-letter.ts';
import {
  checkSendRequest,
  sendRequestOf,
  serverComposeErrors,
  unknownRecipientIndexes,
} from '../components/compose-model.ts';
import type { ComposeAttachmentList } from './use-compose-attachments.ts';
import type { ComposeLetter } from './use-compose-letter.ts';

interface SendComposedLetterOptions {
  accountId: string;
  letter: ComposeLetter;
  attachments: ComposeAttachmentList;
  /** The letter left the page: leaving it no longer asks. */
  releaseLeave: () => void;
  onSent: (letter: LetterDetail) => void;
}

/**
 * Sending: wait for uploads, check what the server will check, save the draft one last time,
 * send. A refused send keeps everything and marks what to fix.
 */
export function useSendComposedLetter({
  accountId,
  letter,
  attachments,
  releaseLeave,
  onSent,
}: SendComposedLetterOptions) {
  const { t } = useTranslation();
  const [isSending, setIsSending] = useState(false);
  const sendLetter = useSendLetter();
  const { fields, autosave, setErrors, setSendProblem } = letter;

  const markRefusal = (error: unknown) => {
    const unknown = unknownRecipientIndexes(error);
    if (unknown.length > 0) {
      letter.setUnknownKeys(
        new Set(
          unknown.flatMap((index) => {
            const recipient = fields.recipients[index];
            return recipient === undefined ? [] : [recipient.key];
          }),
        ),
      );
      setSendProblem(t('compose.send.unknownRecipients', { count: unknown.length }));
      return;
    }
    if (hasErrorCode(error, 'SENDER_ADDRESS_MISSING')) {
      setSendProblem(
        <>
          {t('compose.send.senderAddressMissing')}{' '}
          <Anchor component={Link} to={paths.profile()} fw={600}>
            {t('compose.send.toProfile')}
          </Anchor>
        </>,
      );
      return;
    }
    const fromServer = serverComposeErrors(t, error);
    if (Object.keys(fromServer).length > 0) {
      setErrors(fromServer);
      setSendProblem(t('compose.send.checkFields'));
      return;
    }
    setSendProblem(translateError(t, error));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSendProblem(null);
    if (attachments.pending.length > 0) {
      setSendProblem(t('compose.send.waitForUploads'));
      return;
    }
    const found = checkSendRequest(t, sendRequestOf(fields, accountId, autosave.draftId));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSendProblem(t('compose.send.checkFields'));
      return;
    }
    setIsSending(true);
    const draftId = await autosave.close();
    sendLetter.mutate(sendRequestOf(fields, accountId, draftId), {
      onSuccess: (sent) => {
        releaseLeave();
        autosave.finish();
        onSent(sent);
      },
      onError: (error) => {
        setIsSending(false);
        autosave.reopen();
        markRefusal(error);
      },
    });
  };

  return { isSending, submit };
}
