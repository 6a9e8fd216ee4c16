import { useState } from 'react';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@kuvert/shared/letters';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import {
  addUploads,
  checkAttachments,
  REPLY_ATTACHMENT_LIMITS,
} from '../components/reply-rules.ts';
import type { UploadAddition } from '../components/reply-rules.ts';

/**
 * What goes with a reply: files from the computer and the account's earlier uploads, checked
 * as soon as they are picked (a file that cannot be sent is named and never listed).
 */
export function useReplyAttachments(initialUploads: readonly UploadSummary[]) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [uploads, setUploads] = useState<UploadSummary[]>(() => [...initialUploads]);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const room = MAX_ATTACHMENTS - files.length - uploads.length;

  const addFiles = (picked: File[]) => {
    const result = checkAttachments([...files, ...picked], REPLY_ATTACHMENT_LIMITS, uploads.length);
    setFiles(result.accepted);
    const problems = [
      result.wrongType.length > 0
        ? t('letters.reply.fileTypeRefused', { names: result.wrongType.join(', ') })
        : null,
      result.tooLarge.length > 0
        ? t('letters.reply.fileTooLarge', {
            names: result.tooLarge.join(', '),
            max: formatFileSize(MAX_ATTACHMENT_BYTES),
          })
        : null,
      result.overLimit ? t('letters.reply.tooManyFiles', { max: MAX_ATTACHMENTS }) : null,
    ].filter((found) => found !== null);
    setProblem(problems.length > 0 ? problems.join(' ') : null);
  };

  /** Full already: say so, rather than a picker where nothing can be ticked. */
  const openPicker = () => {
    if (room > 0) setIsPickerOpen(true);
    else setProblem(t('letters.reply.tooManyFiles', { max: MAX_ATTACHMENTS }));
  };

  const pickUploads = (picked: UploadSummary[]) => {
    setIsPickerOpen(false);
    const result = addUploads(uploads, picked, REPLY_ATTACHMENT_LIMITS, files.length);
    setUploads(result.uploads);
    setProblem(uploadProblems(t, result));
  };

  const removeUpload = (uploadId: string) =>
    setUploads(uploads.filter((attached) => attached.id !== uploadId));
  const removeFile = (index: number) => setFiles(files.filter((_, position) => position !== index));

  /** The reply was sent: nothing is attached any more. */
  const clear = () => {
    setFiles([]);
    setUploads([]);
  };

  return {
    files,
    uploads,
    room,
    problem,
    isPickerOpen,
    closePicker: () => setIsPickerOpen(false),
    addFiles,
    openPicker,
    pickUploads,
    removeUpload,
    removeFile,
    clear,
  };
}

/** A reply's attachments, as the dialog's parts share them. */
export type ReplyAttachmentList = ReturnType<typeof useReplyAttachments>;

/** Uploads that were not attached, each with why; null when all were. */
function uploadProblems(t: TFunction, result: UploadAddition<UploadSummary>): string | null {
  const problems: string[] = [];
  if (result.refused.length > 0) {
    const names = result.refused.map(({ name, reason }) =>
      t(`letters.reply.uploadRefusal.${reason}`, {
        name,
        max: formatFileSize(MAX_ATTACHMENT_BYTES),
      }),
    );
    problems.push(t('letters.reply.uploadRefused', { names: names.join(', ') }));
  }
  if (result.overLimit) problems.push(t('letters.reply.tooManyFiles', { max: MAX_ATTACHMENTS }));
  return problems.length > 0 ? problems.join(' ') : null;
}
