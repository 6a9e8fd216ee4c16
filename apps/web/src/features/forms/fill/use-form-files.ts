import { useCallback, useMemo, useState } from 'react';
import type { FormDraft, FormFile } from '@kuvert/shared/forms';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { useTranslation } from '../../../lib/i18n.ts';
import { addFormFileFromUpload, uploadFormFile } from '../api/add-form-file.ts';
import type { FormFileSupport } from './fields/file-field.tsx';
import { describeFileError } from './fill-errors.ts';

/** A file field asked for the mailbox's uploads; it waits for what is picked. */
export interface PickerRequest {
  accept: readonly string[];
  maxCount: number;
  resolve: (files: FormFile[]) => void;
  reject: (error: unknown) => void;
}

interface FormFilesOptions {
  formId: string;
  accountId: string;
  draft: FormDraft | null;
  /** Whether the mailbox's uploads can be picked (the uploads area's picker is wired). */
  canPickUploads: boolean;
}

/**
 * The files a signed-in person attaches to a form: uploaded from the computer or taken from
 * the mailbox's uploads (through a picker the file field waits on), kept by id.
 */
export function useFormFiles({ formId, accountId, draft, canPickUploads }: FormFilesOptions) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<ReadonlyMap<string, FormFile>>(
    () => new Map((draft?.files ?? []).map((file) => [file.id, file])),
  );
  const [picker, setPicker] = useState<PickerRequest | null>(null);

  const addFiles = useCallback(
    (added: FormFile[]) =>
      setFiles((before) => new Map([...before, ...added.map((file) => [file.id, file] as const)])),
    [],
  );
  const support = useMemo<FormFileSupport>(
    () => ({
      filesById: files,
      upload: async (file) => {
        const kept = await uploadFormFile(formId, accountId, file);
        addFiles([kept]);
        return kept;
      },
      ...(canPickUploads
        ? {
            pickUploads: ({ accept, maxCount }) =>
              new Promise<FormFile[]>((resolve, reject) =>
                setPicker({ accept, maxCount, resolve, reject }),
              ),
          }
        : {}),
      describeError: (error, filename) => describeFileError(t, error, filename),
    }),
    [files, formId, accountId, canPickUploads, addFiles, t],
  );

  const pickUploads = async (request: PickerRequest, uploads: UploadSummary[]) => {
    setPicker(null);
    try {
      const kept = await Promise.all(
        uploads.map((upload) => addFormFileFromUpload(formId, accountId, upload.id)),
      );
      addFiles(kept);
      request.resolve(kept);
    } catch (error) {
      request.reject(error);
    }
  };

  /** The picker closed without a choice: the file field gets nothing. */
  const closePicker = () => {
    picker?.resolve([]);
    setPicker(null);
  };

  return { support, addFiles, picker, pickUploads, closePicker };
}
