import {
  Anchor,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  IconBuildingBank,
  IconChevronDown,
  IconMail,
  IconMailbox,
  IconPlus,
  IconSend,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Contact } from '@kuvert/shared/contacts';
import type { LetterDetail } from '@kuvert/shared/letters';
import {
  LETTER_BODY_MAX_LENGTH,
  LETTER_SUBJECT_MAX_LENGTH,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  REPLY_ATTACHMENT_TYPES,
} from '@kuvert/shared/letters';
import { MAX_RECIPIENTS, PRINTABLE_ATTACHMENT_TYPES } from '@kuvert/shared/outbox';
import type { LetterDraft } from '@kuvert/shared/outbox';
import type { UploadSummary } from '@kuvert/shared/uploads';
import {
  DraftConflictAlert,
  DraftSaveIndicator,
} from '../../../components/ui/draft-save-status.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LeaveDialog } from '../../../components/ui/leave-dialog.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { formatFileSize } from '../../../lib/dates.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { usePendingUploads } from '../../../lib/use-pending-uploads.ts';
import type { UploadQueue } from '../../../lib/use-pending-uploads.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { getDraft } from '../api/get-draft.ts';
import { deleteDraft } from '../api/delete-draft.ts';
import { useSendLetter } from '../api/send-letter.ts';
import {
  checkSendRequest,
  fieldsOfDraft,
  hasComposeContent,
  newRecipient,
  recipientErrors,
  recipientKey,
  sendRequestOf,
  serverComposeErrors,
  toPostalRecipient,
  unknownRecipientIndexes,
  withoutRecipientErrors,
} from './compose-model.ts';
import type {
  ComposeAttachment,
  ComposeErrors,
  ComposeFields,
  ComposeRecipient,
} from './compose-model.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import type { DraftSaveStatus } from '../hooks/use-draft-autosave.ts';
import { ComposeAttachments } from './compose-attachments.tsx';
import { PrintLanguageSelect } from './print-language-select.tsx';
import { RecipientCard } from './recipient-card.tsx';
import type { ProviderChoice } from './recipient-card.tsx';

/** What compose asks of the uploads area (wired in app/, where the areas meet). */
export interface ComposeUploads extends UploadQueue {
  renderPicker?: (props: {
    opened: boolean;
    onClose: () => void;
    onPick: (uploads: UploadSummary[]) => void;
    accountId: string;
    accept: readonly string[];
    maxBytes: number;
    maxCount: number;
    attachedIds: readonly string[];
  }) => ReactNode;
}

/** A search of the address book that picks a contact (from the contacts area). */
export type RenderContactPicker = (props: {
  accountId: string;
  onPick: (contact: Contact) => void;
  label: string;
}) => ReactNode;

export interface SendingAccount {
  id: string;
  name: string;
}

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
  const navigate = useNavigate();
  const [fields, setFields] = useState<ComposeFields>(() =>
    draft === null ? initialFields : fieldsOfDraft(draft),
  );
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [unknownKeys, setUnknownKeys] = useState<ReadonlySet<string>>(new Set());
  const [sendProblem, setSendProblem] = useState<ReactNode>(null);
  const [attachmentProblem, setAttachmentProblem] = useState<string | null>(null);
  const [isUploadPickerOpen, setIsUploadPickerOpen] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const sendLetter = useSendLetter();
  const autosave = useDraftAutosave({ accountId, draft, onCreated: onDraftCreated });
  const changeDraft = autosave.change;

  // Files from the computer become attachments once the server kept them.
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
  }, [fields]);
  const followed = usePendingUploads(uploads, {
    onFinished: (files) => {
      const current = fieldsRef.current;
      const known = new Set(current.attachments.map(({ upload_id: id }) => id));
      const added: ComposeAttachment[] = files.flatMap(({ uploadId, name, size }) =>
        known.has(uploadId) ? [] : [{ upload_id: uploadId, name, size, content_type: '' }],
      );
      const next = { ...current, attachments: [...current.attachments, ...added] };
      fieldsRef.current = next;
      setFields(next);
      changeDraft(next);
    },
    onFailed: (files) =>
      setAttachmentProblem(
        files
          .map((file) =>
            t('compose.attachments.failed', {
              name: file.name,
              reason: translateError(t, file.error),
            }),
          )
          .join(' '),
      ),
  });
  const { pending } = followed;

  // Leaving with changes not yet saved asks first, even for a new letter on the same page.
  const { blocker, release: releaseLeave } = useLeaveGuard(
    autosave.hasUnsavedChanges || followed.pendingCount > 0,
    { guardsSamePath: true },
  );

  const update = (next: ComposeFields) => {
    setFields(next);
    // No draft for an empty card alone; once there is one, every change is kept.
    if (autosave.currentDraftId() !== null || hasComposeContent(next)) autosave.change(next);
    // What the last try to send said is about the letter as it was.
    setSendProblem(null);
  };
  const updateRecipient = (index: number, recipient: ComposeRecipient) => {
    update({
      ...fields,
      recipients: fields.recipients.map((current, position) =>
        position === index ? recipient : current,
      ),
    });
    setErrors((current) => withoutRecipientErrors(current, index, false));
    if (unknownKeys.has(recipient.key)) {
      setUnknownKeys((current) => new Set([...current].filter((key) => key !== recipient.key)));
    }
  };
  const addRecipient = (recipient: ComposeRecipient) => {
    if (fields.recipients.length >= MAX_RECIPIENTS) {
      setErrors((current) => ({
        ...current,
        recipients: t('compose.recipient.tooMany', { max: MAX_RECIPIENTS }),
      }));
      return;
    }
    update({ ...fields, recipients: [...fields.recipients, recipient] });
    setErrors(({ recipients: _gone, ...rest }) => rest);
  };
  const removeRecipient = (index: number) => {
    update({
      ...fields,
      recipients: fields.recipients.filter((_, position) => position !== index),
    });
    setErrors((current) => withoutRecipientErrors(current, index, true));
  };
  const addContact = (contact: Contact) => {
    const key = recipientKey();
    const name = contact.name === '' ? contact.organisation : contact.name;
    if (contact.digital?.kind === 'kuvert') {
      addRecipient({
        key,
        channel: 'kuvert',
        email: contact.digital.email,
        contact_id: contact.id,
      });
    } else if (contact.digital?.kind === 'provider') {
      addRecipient({ key, channel: 'provider', provider_id: contact.digital.provider_id });
    } else if (contact.has_postal_address) {
      addRecipient({
        key,
        channel: 'postal',
        contact_id: contact.id,
        address: {
          name,
          organisation: contact.name === '' ? '' : contact.organisation,
          street: contact.street,
          postcode: contact.postcode,
          city: contact.city,
          country: contact.country ?? '',
        },
      });
    } else {
      setErrors((current) => ({
        ...current,
        recipients: t('compose.recipient.contactWithoutAddress', { name }),
      }));
    }
  };

  const hasPostal = fields.recipients.some(({ channel }) => channel === 'postal');
  const accept: readonly string[] = hasPostal ? PRINTABLE_ATTACHMENT_TYPES : REPLY_ATTACHMENT_TYPES;
  const room = MAX_ATTACHMENTS - fields.attachments.length - followed.pendingCount;
  const addFiles = (files: File[]) => {
    const wrongType = files.filter((file) => !accept.includes(file.type));
    const tooLarge = files.filter(
      (file) => accept.includes(file.type) && file.size > MAX_ATTACHMENT_BYTES,
    );
    const fitting = files.filter(
      (file) => accept.includes(file.type) && file.size <= MAX_ATTACHMENT_BYTES,
    );
    const taken = fitting.slice(0, Math.max(0, room));
    const problems = [
      wrongType.length > 0
        ? t(hasPostal ? 'compose.attachments.notPrintable' : 'compose.attachments.wrongType', {
            names: wrongType.map(({ name }) => name).join(', '),
          })
        : null,
      tooLarge.length > 0
        ? t('compose.attachments.tooLarge', {
            names: tooLarge.map(({ name }) => name).join(', '),
            max: formatFileSize(MAX_ATTACHMENT_BYTES),
          })
        : null,
      fitting.length > taken.length
        ? t('compose.attachments.tooMany', { max: MAX_ATTACHMENTS })
        : null,
    ].filter((problem) => problem !== null);
    setAttachmentProblem(problems.length > 0 ? problems.join(' ') : null);
    followed.start(taken);
  };
  const pickUploads = (picked: UploadSummary[]) => {
    setIsUploadPickerOpen(false);
    const known = new Set(fields.attachments.map(({ upload_id: id }) => id));
    const added = picked
      .filter((upload) => !known.has(upload.id))
      .slice(0, Math.max(0, room))
      .map((upload) => ({
        upload_id: upload.id,
        name: upload.name,
        size: upload.size,
        content_type: upload.content_type,
      }));
    setAttachmentProblem(null);
    update({ ...fields, attachments: [...fields.attachments, ...added] });
  };
  const changeAccount = (nextAccountId: string) => {
    if (nextAccountId === accountId) return;
    // The draft and the uploads belong to the other mailbox: the letter starts there anew.
    const oldDraft = autosave.draftId;
    autosave.forgetDraft();
    if (oldDraft !== null) void deleteDraft(oldDraft).catch(() => undefined);
    const next = { ...fields, attachments: [] };
    if (fields.attachments.length > 0)
      setAttachmentProblem(t('compose.account.attachmentsDropped'));
    followed.forget();
    onAccountChange(nextAccountId);
    setFields(next);
    autosave.change(next);
  };

  /** Leaving by the button says what became of the letter: kept as a draft, or nothing. */
  const goToOutbox = () => {
    const draftId = autosave.currentDraftId();
    if (draftId !== null && !hasComposeContent(fields)) {
      autosave.finish();
      void deleteDraft(draftId).catch(() => undefined);
    } else if (draftId !== null && !autosave.hasUnsavedChanges) {
      notify({ type: 'positive', message: t('compose.draftKept') });
    }
    void navigate(paths.outbox());
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSendProblem(null);
    if (pending.length > 0) {
      setSendProblem(t('compose.send.waitForUploads'));
      return;
    }
    const draftIdNow = autosave.draftId;
    const request = sendRequestOf(fields, accountId, draftIdNow);
    const found = checkSendRequest(t, request);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSendProblem(t('compose.send.checkFields'));
      return;
    }
    setIsSending(true);
    const draftId = await autosave.close();
    sendLetter.mutate(sendRequestOf(fields, accountId, draftId), {
      onSuccess: (letter) => {
        releaseLeave();
        autosave.finish();
        onSent(letter);
      },
      onError: (error) => {
        setIsSending(false);
        autosave.reopen();
        const unknown = unknownRecipientIndexes(error);
        if (unknown.length > 0) {
          setUnknownKeys(
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
      },
    });
  };

  const reloadDraft = async () => {
    if (autosave.draftId === null) return;
    try {
      const latest = await getDraft(autosave.draftId);
      setFields(fieldsOfDraft(latest));
      setErrors({});
      setUnknownKeys(new Set());
      autosave.reset(latest);
    } catch (error) {
      setSendProblem(translateError(t, error));
    }
  };

  const isBusy = isSending;
  return (
    <Stack gap="lg" maw={860}>
      <PageTitle aside={<SaveIndicator status={autosave.status} />}>{t('compose.title')}</PageTitle>
      {autosave.status === 'conflict' ? (
        <DraftConflictAlert
          title={t('compose.conflict.title')}
          text={t('compose.conflict.text')}
          reloadLabel={t('compose.conflict.reload')}
          keepMineLabel={t('compose.conflict.keepMine')}
          onReload={() => void reloadDraft()}
          onKeepMine={() => void autosave.keepMine()}
        />
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form
          onSubmit={(event) => void handleSubmit(event)}
          noValidate
          aria-label={t('compose.formLabel')}
        >
          <Stack gap="lg">
            {accounts.length > 1 ? (
              <Select
                label={t('compose.account.label')}
                description={t('compose.account.hint')}
                data={accounts.map((account) => ({ value: account.id, label: account.name }))}
                value={accountId}
                onChange={(next) => {
                  if (next !== null) changeAccount(next);
                }}
                allowDeselect={false}
                disabled={isBusy}
              />
            ) : null}
            <Stack gap="xs" component="section" aria-labelledby="compose-recipients">
              <Text fw={600} size="sm" component="h2" m={0} id="compose-recipients">
                {t('compose.recipient.title')}
              </Text>
              {fields.recipients.length > 0 ? (
                <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {fields.recipients.map((recipient, index) => (
                    <RecipientCard
                      key={recipient.key}
                      recipient={recipient}
                      position={index + 1}
                      errors={recipientErrors(errors, index)}
                      isUnknown={unknownKeys.has(recipient.key)}
                      providers={providers}
                      disabled={isBusy}
                      onChange={(next) => updateRecipient(index, next)}
                      onRemove={() => removeRecipient(index)}
                      onSendByPost={() => {
                        const name =
                          recipient.channel === 'kuvert'
                            ? (recipient.email.split('@')[0] ?? '')
                            : '';
                        updateRecipient(index, toPostalRecipient(recipient, name));
                      }}
                    />
                  ))}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('compose.recipient.none')}
                </Text>
              )}
              {errors.recipients ? (
                <Text size="sm" c="var(--mantine-color-error)" role="alert">
                  {errors.recipients}
                </Text>
              ) : null}
              {renderContactPicker?.({
                accountId,
                onPick: addContact,
                label: t('compose.recipient.fromAddressBook'),
              })}
              <Group gap="xs">
                <Menu position="bottom-start" withinPortal>
                  <Menu.Target>
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconPlus size={16} aria-hidden="true" />}
                      rightSection={<IconChevronDown size={14} aria-hidden="true" />}
                      disabled={isBusy}
                    >
                      {t('compose.recipient.add')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconMail size={16} aria-hidden="true" />}
                      onClick={() => addRecipient(newRecipient('kuvert'))}
                    >
                      {t('compose.channel.kuvert')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconBuildingBank size={16} aria-hidden="true" />}
                      onClick={() => addRecipient(newRecipient('provider'))}
                    >
                      {t('compose.channel.provider')}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconMailbox size={16} aria-hidden="true" />}
                      onClick={() => addRecipient(newRecipient('postal'))}
                    >
                      {t('compose.channel.postal')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Stack>
            {hasPostal ? (
              <PrintLanguageSelect
                value={fields.printLanguage}
                onChange={(printLanguage) => update({ ...fields, printLanguage })}
                disabled={isBusy}
              />
            ) : null}
            <TextInput
              label={t('compose.subject')}
              value={fields.subject}
              onChange={(event) => {
                update({ ...fields, subject: event.currentTarget.value });
                setErrors(({ subject: _gone, ...rest }) => rest);
              }}
              maxLength={LETTER_SUBJECT_MAX_LENGTH}
              required
              disabled={isBusy}
              error={errors.subject}
            />
            <Textarea
              label={t('compose.body')}
              description={t('compose.bodyHint')}
              value={fields.body}
              onChange={(event) => {
                update({ ...fields, body: event.currentTarget.value });
                setErrors(({ body: _gone, ...rest }) => rest);
              }}
              maxLength={LETTER_BODY_MAX_LENGTH}
              autosize
              minRows={10}
              maxRows={30}
              required
              disabled={isBusy}
              error={errors.body}
            />
            <ComposeAttachments
              attachments={fields.attachments}
              pending={pending}
              accept={accept}
              maxBytes={MAX_ATTACHMENT_BYTES}
              problem={attachmentProblem ?? errors.upload_ids ?? null}
              disabled={isBusy}
              onFiles={addFiles}
              onPickUploads={
                uploads.renderPicker
                  ? () => {
                      if (room > 0) setIsUploadPickerOpen(true);
                      else
                        setAttachmentProblem(
                          t('compose.attachments.tooMany', { max: MAX_ATTACHMENTS }),
                        );
                    }
                  : null
              }
              onRemove={(uploadId) =>
                update({
                  ...fields,
                  attachments: fields.attachments.filter(({ upload_id: id }) => id !== uploadId),
                })
              }
            />
            {sendProblem !== null ? <FormAlert tone="error">{sendProblem}</FormAlert> : null}
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
          </Stack>
        </form>
      </Paper>
      {uploads.renderPicker?.({
        opened: isUploadPickerOpen,
        onClose: () => setIsUploadPickerOpen(false),
        onPick: pickUploads,
        accountId,
        accept,
        maxBytes: MAX_ATTACHMENT_BYTES,
        maxCount: Math.max(0, room),
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

/** Where the draft stands: saving, saved, or not saved yet (tried again). */
function SaveIndicator({ status }: { status: DraftSaveStatus }) {
  const { t } = useTranslation();
  return <DraftSaveIndicator status={status} labelOf={(shown) => t(`compose.save.${shown}`)} />;
}
