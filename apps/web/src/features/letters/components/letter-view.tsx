import { Anchor, Badge, Divider, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LetterDetail } from '@kuvert/shared/letters';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { formatFileSize } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { useKeyboardShortcuts } from '../../../lib/keyboard.ts';
import { notify } from '../../../lib/notify.ts';
import { useLetterActions } from '../hooks/use-letter-actions.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';
import { LetterActions } from './letter-actions.tsx';
import { LetterDocuments } from './letter-documents.tsx';
import { LetterActivity } from './letter-activity.tsx';
import { LetterFacts } from './letter-facts.tsx';
import { LetterFormLink } from './letter-form-link.tsx';
import { LetterRecipients } from './letter-recipients.tsx';
import printClasses from './letter-print.module.css';
import { MarkReadOnOpen } from './mark-read-on-open.tsx';
import type { MoveTarget } from './move-menu.tsx';
import { drawAllForPrint, printPages, PrintSourcesContext } from './pdf-print.ts';
import type { PrintSource } from './pdf-print.ts';
import { RepliesList } from './replies-list.tsx';
import { ReplyDialog } from './reply-dialog.tsx';
import type { RenderReplyUploadPicker } from './reply-dialog.tsx';
import { REPLY_ATTACHMENT_LIMITS, uploadRefusal } from './reply-rules.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { correspondentOf } from '../../../lib/correspondent.ts';

interface LetterViewProps {
  letter: LetterDetail;
  canWrite: boolean;
  folders: readonly MoveTarget[];
  /** Back to the list the letter was opened from. */
  onBack: () => void;
  onOpenSent: (letterId: string) => void;
  /** An invoice's amount, status and payment, from the invoices area; null for other letters. */
  invoicePanel?: ReactNode;
  /** A signature request's status, signers and signing, from the signatures area. */
  signaturePanel?: ReactNode;
  /** "Add to a file", from the case files area: shown with the letter's actions. */
  fileAction?: ReactNode;
  /**
   * A file the letter might belong to, from the case files area: under the actions, in room the
   * element keeps for itself (it arrives after the letter and must not move it).
   */
  fileSuggestion?: ReactNode;
  /** The files the letter is in, from the case files area. */
  filesPanel?: ReactNode;
  /** The reply's "attach from my uploads" (from app/, where letters and uploads meet). */
  renderUploadPicker?: RenderReplyUploadPicker;
  /** "Use in a letter": the reply opens with this upload attached; then `onReplyWithTaken`. */
  replyWithUpload?: UploadSummary | null;
  onReplyWithTaken?: () => void;
}

/**
 * One letter: who sent it when, what it says, its documents, and what can be done with it.
 * Memoised: refetches after opening (marked read) re-render the page, not the letter.
 */
export const LetterView = memo(function LetterView({
  letter,
  canWrite,
  folders,
  onBack,
  onOpenSent,
  invoicePanel = null,
  signaturePanel = null,
  fileAction = null,
  fileSuggestion = null,
  filesPanel = null,
  renderUploadPicker,
  replyWithUpload = null,
  onReplyWithTaken,
}: LetterViewProps) {
  const { t } = useTranslation();
  const actions = useLetterActions();
  const [isReplyOpen, setIsReplyOpen] = useState(false);
  // A reply started with an upload is a fresh dialog (a new key) holding that upload.
  const [replyStart, setReplyStart] = useState<{ key: number; uploads: UploadSummary[] }>({
    key: 0,
    uploads: [],
  });
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  // The viewers shown register here; printing the letter prints their pages after it.
  const [printSources] = useState(() => new Set<PrintSource>());
  const [isPreparingPrint, setPreparingPrint] = useState(false);
  const print = async () => {
    setPreparingPrint(true);
    try {
      printPages('letter', await drawAllForPrint(printSources));
    } catch {
      notify({ type: 'negative', message: t('pdf.printFailed') });
    } finally {
      setPreparingPrint(false);
    }
  };
  useEffect(() => {
    document.title = `${letter.subject} · Kuvert`;
  }, [letter.subject]);
  const isInbound = letter.direction === 'inbound';
  const correspondent = correspondentOf(letter);
  const isTrashed = letter.trashed_at !== null;
  const canReply = isInbound && !isTrashed && canWrite;

  useEffect(() => {
    if (replyWithUpload === null) return;
    onReplyWithTaken?.();
    const name = replyWithUpload.name;
    if (!canReply) {
      notify({ type: 'negative', message: t('letters.reply.replyWith.cannotReply', { name }) });
      return;
    }
    if (uploadRefusal(replyWithUpload, REPLY_ATTACHMENT_LIMITS) !== null) {
      const max = formatFileSize(REPLY_ATTACHMENT_LIMITS.maxBytes);
      notify({ type: 'negative', message: t('letters.reply.replyWith.refused', { name, max }) });
      return;
    }
    setReplyStart((current) => ({ key: current.key + 1, uploads: [replyWithUpload] }));
    setIsReplyOpen(true);
  }, [replyWithUpload, onReplyWithTaken, canReply, t]);

  const trash = () => actions.run('trash', [letter.id], { onDone: onBack });
  useKeyboardShortcuts({
    u: onBack,
    '#': () => {
      if (canWrite && !isTrashed) trash();
    },
    '?': () => setIsHelpOpen(true),
  });

  return (
    <PrintSourcesContext value={printSources}>
      <Stack gap="lg" maw={920} w="100%" mx="auto" className={printClasses.letter}>
        <MarkReadOnOpen letter={letter} canWrite={canWrite} />
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ProviderAvatar
                providerId={correspondent.provider?.id ?? ''}
                name={correspondent.name}
                hasLogo={correspondent.provider?.has_logo ?? false}
                size={48}
              />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={700} truncate>
                    {isInbound
                      ? correspondent.name
                      : t('letters.row.to', { name: correspondent.name })}
                  </Text>
                  {correspondent.provider?.is_verified ? (
                    <Tooltip label={t('letters.detail.verified')}>
                      <IconRosetteDiscountCheck
                        size={18}
                        color="var(--kuvert-color-accent)"
                        aria-label={t('letters.detail.verified')}
                        role="img"
                      />
                    </Tooltip>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  <time dateTime={letter.created_at}>{formatDateTime(letter.created_at)}</time>
                </Text>
              </Stack>
              <Group gap={6}>
                {isTrashed ? (
                  <Badge
                    variant="light"
                    color="gray"
                    c="var(--kuvert-color-quiet-text)"
                    radius="sm"
                    tt="none"
                  >
                    {t('letters.detail.inTrash')}
                  </Badge>
                ) : null}
                {isInbound ? null : <DeliveryStatusBadge status={letter.delivery_status} />}
              </Group>
            </Group>
            <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.3}>
              {letter.subject}
            </Title>
            <LetterActions
              letter={letter}
              canWrite={canWrite}
              folders={folders}
              onReply={() => setIsReplyOpen(true)}
              onTrash={trash}
              onRestore={() => actions.run('restore', [letter.id])}
              onMove={(folderId) => actions.run('move', [letter.id], { folderId })}
              onMarkedUnread={onBack}
              onPrint={() => void print()}
              isPreparingPrint={isPreparingPrint}
              fileAction={fileAction}
            />
            {fileSuggestion}
            {letter.in_reply_to ? (
              <Text size="sm">
                {t('letters.detail.inReplyTo')}{' '}
                <Anchor component={Link} to={paths.letter(letter.in_reply_to)} fw={600}>
                  {t('letters.detail.originalLetter')}
                </Anchor>
              </Text>
            ) : null}
            {invoicePanel}
            {signaturePanel}
            {isInbound && letter.form ? <LetterFormLink form={letter.form} /> : null}
            <LetterFacts
              letter={letter}
              showInvoice={invoicePanel === null}
              showSignature={signaturePanel === null}
            />
            <LetterActivity
              activity={letter.activity}
              showPaid={invoicePanel === null}
              showSigned={signaturePanel === null}
            />
            {letter.body.trim() !== '' ? (
              <>
                <Divider />
                {/* Plain text only: links in letters are shown, never made clickable. */}
                <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lh={1.65}>
                  {letter.body}
                </Text>
              </>
            ) : null}
          </Stack>
        </Paper>
        {!isInbound && letter.recipients.length > 0 ? (
          <section aria-labelledby="letter-recipients">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="letter-recipients">
                {t('letters.recipients.title')}
              </Title>
              <LetterRecipients letterId={letter.id} recipients={letter.recipients} />
            </Stack>
          </section>
        ) : null}
        {letter.documents.length > 0 ? (
          <section aria-labelledby="letter-documents">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="letter-documents">
                {t('letters.detail.documents')}
              </Title>
              <LetterDocuments letterId={letter.id} documents={letter.documents} />
            </Stack>
          </section>
        ) : null}
        {/* After the documents: it arrives after the letter, and above them it pushed them down. */}
        {filesPanel}
        {letter.replies.length > 0 ? (
          <section aria-labelledby="letter-replies">
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
              <Stack gap="sm">
                <Title order={2} fz="h4" id="letter-replies">
                  {t('letters.detail.replies')}
                </Title>
                <RepliesList replies={letter.replies} />
              </Stack>
            </Paper>
          </section>
        ) : null}
        {isInbound && canWrite ? (
          <ReplyDialog
            key={replyStart.key}
            letter={letter}
            renderUploadPicker={renderUploadPicker}
            initialUploads={replyStart.uploads}
            opened={isReplyOpen}
            onClose={() => setIsReplyOpen(false)}
            onSent={(reply) => {
              setIsReplyOpen(false);
              notify({
                type: 'positive',
                message: t('letters.reply.sent', { name: correspondent.name }),
                action: { label: t('letters.reply.viewSent'), onClick: () => onOpenSent(reply.id) },
              });
            }}
          />
        ) : null}
        <ShortcutsDialog opened={isHelpOpen} onClose={() => setIsHelpOpen(false)} />
      </Stack>
    </PrintSourcesContext>
  );
});
