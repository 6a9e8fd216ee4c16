import { Anchor, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconMailQuestion } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { hasInAppHistory } from '../../components/layouts/back-link.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { ErrorState } from '../../components/ui/query-status.tsx';
import { paths } from '../../config/paths.ts';
import { InvoicePanel } from '../../features/invoices/components/invoice-panel.tsx';
import { useLetter } from '../../features/letters/api/get-letter.ts';
import { LetterView } from '../../features/letters/components/letter-view.tsx';
import { hasErrorCode } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useAccountRole } from '../../lib/selected-account.ts';
import { useDeferredData } from '../../lib/use-deferred-data.ts';
import {
  renderLetterFileAction,
  renderLetterFileSuggestion,
  renderLetterFilesPanel,
} from '../case-file-actions.tsx';
import { renderInvoicePayment } from '../invoice-payments.tsx';
import { renderSignaturePanel } from '../signature-panel.tsx';
import { renderReplyUploadPicker } from '../upload-attachments.tsx';
import { LetterSteps } from './letter-steps.tsx';
import { useMoveTargets } from './use-move-targets.ts';
import { useReplyWithUpload } from './use-reply-with-upload.ts';

/** A received or sent letter; `listHref` is where "back" goes when there is no history. */
export function LetterPage({ listHref }: { listHref: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const letterQuery = useLetter(id);
  const letter = useDeferredData(letterQuery.data, id);
  // The letter's own mailbox decides, not the one the switcher shows.
  const { role, can } = useAccountRole(letter?.account_id);
  const canWrite = can('organize');
  const folders = useMoveTargets();
  const replyWith = useReplyWithUpload();

  // Stable, so the memoised letter view does not render again for every refetch.
  const goBack = useCallback(() => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate(listHref);
  }, [navigate, listHref]);
  const openSent = useCallback(
    (letterId: string) => void navigate(paths.sentLetter(letterId)),
    [navigate],
  );
  const letterId = letter?.id;
  const isInvoice = letter?.kind === 'invoice' && letter.direction === 'inbound';
  const invoicePanel = useMemo(
    () =>
      isInvoice && letterId !== undefined ? (
        <InvoicePanel letterId={letterId} renderPayment={renderInvoicePayment} />
      ) : null,
    [isInvoice, letterId],
  );

  const signaturePanel = useMemo(
    () => (letter === undefined ? null : renderSignaturePanel(letter)),
    [letter],
  );
  const fileAction = useMemo(
    () => (letter === undefined ? null : renderLetterFileAction(letter, canWrite)),
    [letter, canWrite],
  );
  const fileSuggestion = useMemo(
    () => (letter === undefined ? null : renderLetterFileSuggestion(letter, canWrite)),
    [letter, canWrite],
  );
  const filesPanel = useMemo(
    () => (letter === undefined ? null : renderLetterFilesPanel(letter)),
    [letter],
  );

  if (letterQuery.isError) {
    if (hasErrorCode(letterQuery.error, 'NOT_FOUND')) {
      return (
        <Stack gap="lg">
          <PageTitle>{t('pages.letter')}</PageTitle>
          <EmptyState
            icon={<IconMailQuestion size={32} />}
            title={t('letters.notFound.title')}
            text={t('letters.notFound.text')}
            action={
              <Anchor component={Link} to={listHref} fw={600}>
                {t('letters.notFound.back')}
              </Anchor>
            }
          />
        </Stack>
      );
    }
    return <ErrorState error={letterQuery.error} onRetry={() => void letterQuery.refetch()} />;
  }
  // Loading, or the letter arrived and renders in a moment (useDeferredData). The session check
  // runs alongside: until it tells the user's role the actions would show disabled, then not.
  if (letter === undefined || role === null) {
    return (
      <Stack gap="lg" maw={920} mx="auto" role="status" aria-label={t('common.loading')}>
        <Paper withBorder p="xl" radius="lg">
          <Stack gap="md">
            <Skeleton height={48} width={240} />
            <Skeleton height={28} width="70%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="60%" />
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group maw={920} w="100%" mx="auto" justify="flex-end">
        <LetterSteps letterId={letter.id} />
      </Group>
      <LetterView
        key={letter.id}
        letter={letter}
        invoicePanel={invoicePanel}
        signaturePanel={signaturePanel}
        fileAction={fileAction}
        fileSuggestion={fileSuggestion}
        filesPanel={filesPanel}
        canWrite={canWrite}
        folders={folders}
        onBack={goBack}
        onOpenSent={openSent}
        renderUploadPicker={renderReplyUploadPicker}
        replyWithUpload={replyWith.upload}
        onReplyWithTaken={replyWith.onTaken}
      />
    </Stack>
  );
}
