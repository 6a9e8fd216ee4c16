import { useEffect, useRef, useState } from 'react';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  REPLY_ATTACHMENT_TYPES,
} from '@kuvert/shared/letters';
import { PRINTABLE_ATTACHMENT_TYPES } from '@kuvert/shared/outbox';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { formatFileSize } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePendingUploads } from '../../../lib/use-pending-uploads.ts';
import type { ComposeAttachment } from '../components/compose-model.ts';
import type { ComposeUploads } from '../components/compose-types.ts';
import type { ComposeLetter } from './use-compose-letter.ts';

/**
 * What goes with the letter: files from the computer (followed until the server kept them),
 * earlier uploads picked from the mailbox, and what was refused and why. A postal recipient
 * allows only printable files.
 */
export function useComposeAttachments(letter: ComposeLetter, uploads: ComposeUploads) {
  const { t } = useTranslation();
  const { fields } = letter;
  const [problem, setProblem] = useState<string | null>(null);
  const [isPickerOpen, setIsPickerOpen] = useState(false);

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
      letter.replace(next);
    },
    onFailed: (files) =>
      setProblem(
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
    ].filter((found) => found !== null);
    setProblem(problems.length > 0 ? problems.join(' ') : null);
    followed.start(taken);
  };

  /** Null when no picker of the mailbox's uploads is offered. */
  const openPicker = uploads.renderPicker
    ? () => {
        if (room > 0) setIsPickerOpen(true);
        else setProblem(t('compose.attachments.tooMany', { max: MAX_ATTACHMENTS }));
      }
    : null;

  const pickUploads = (picked: UploadSummary[]) => {
    setIsPickerOpen(false);
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
    setProblem(null);
    letter.update({ ...fields, attachments: [...fields.attachments, ...added] });
  };

  const remove = (uploadId: string) =>
    letter.update({
      ...fields,
      attachments: fields.attachments.filter(({ upload_id: id }) => id !== uploadId),
    });

  /** The uploads belong to the mailbox the letter leaves: they do not go with it. */
  const dropForOtherMailbox = () => {
    if (fields.attachments.length > 0) setProblem(t('compose.account.attachmentsDropped'));
    followed.forget();
  };

  return {
    hasPostal,
    accept,
    room,
    pending: followed.pending,
    pendingCount: followed.pendingCount,
    problem,
    isPickerOpen,
    closePicker: () => setIsPickerOpen(false),
    addFiles,
    openPicker,
    pickUploads,
    remove,
    dropForOtherMailbox,
  };
}

/** The letter's attachments, as the parts of the compose screen share them. */
export type ComposeAttachmentList = ReturnType<typeof useComposeAttachments>;
