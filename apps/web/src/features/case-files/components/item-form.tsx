import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { useCallback, useState } from 'react';
import {
  CASE_FILE_ITEM_MAX_LINKS,
  CASE_FILE_ITEM_NOTES_MAX_LENGTH,
  CASE_FILE_ITEM_TITLE_MAX_LENGTH,
} from '@kuvert/shared/case-files';
import type { CreateCaseFileItemRequest } from '@kuvert/shared/case-files';
import type { LetterSummary } from '@kuvert/shared/letters';
import { uploadContentTypes } from '@kuvert/shared/uploads';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { LeaveDialog } from '../../../components/ui/leave-dialog.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { focusFirstProblem } from '../../../lib/validation.ts';
import {
  isItemFormChanged,
  itemLetterOf,
  itemRequestOf,
  serverItemErrors,
  validateItem,
} from '../hooks/item-fields.ts';
import type { ItemAttachment, ItemErrors, ItemFormValues } from '../hooks/item-fields.ts';
import { useItemUploads } from '../hooks/use-item-uploads.ts';
import type { ItemUploads } from '../hooks/use-item-uploads.ts';
import { useLeaveGuard } from '../../../lib/use-leave-guard.ts';
import { ItemAttachmentsField } from './item-attachments-field.tsx';
import { ItemLettersField } from './item-letters-field.tsx';
import { LetterPicker } from './letter-picker.tsx';

/** How many more letters or attachments an item can take. */
const room = (count: number) => Math.max(0, CASE_FILE_ITEM_MAX_LINKS - count);

interface ItemFormProps {
  accountId: string;
  initialValues: ItemFormValues;
  submitLabel: string;
  isPending: boolean;
  /** The save's error, if it failed: field problems go to their fields, the rest on top. */
  error: unknown;
  /** `allowLeave` lets the page move on after the save without asking. */
  onSubmit: (request: Required<CreateCaseFileItemRequest>, allowLeave: () => void) => void;
  onCancel: () => void;
  uploads: ItemUploads;
}

/**
 * An item's title, date, notes, letters and attachments. Nothing typed is lost on a refused
 * save, and leaving with changes not yet saved asks first.
 */
export function ItemForm({
  accountId,
  initialValues,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
  uploads,
}: ItemFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<ItemErrors>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [isPickingLetters, setIsPickingLetters] = useState(false);
  const [isPickingUploads, setIsPickingUploads] = useState(false);
  const serverErrors = serverItemErrors(t, error);
  const hasFieldProblems = Object.keys(serverErrors).length > 0;
  const shown = (field: keyof ItemErrors) => errors[field] ?? serverErrors[field];

  const addAttachments = useCallback((added: readonly ItemAttachment[]) => {
    setValues((current) => {
      const known = new Set(current.attachments.map(({ upload_id: id }) => id));
      const fresh = added.filter(({ upload_id: id }) => !known.has(id));
      return { ...current, attachments: [...current.attachments, ...fresh] };
    });
    setErrors((current) => ({ ...current, upload_ids: undefined }));
  }, []);
  const itemUploads = useItemUploads(t, uploads, addAttachments);

  const isChanged = isItemFormChanged(initialValues, values) || itemUploads.pendingCount > 0;
  const { blocker, release } = useLeaveGuard(isChanged);

  const set = <Key extends 'title' | 'date' | 'notes'>(key: Key, value: ItemFormValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const attachmentRoom = room(values.attachments.length + itemUploads.pendingCount);

  const addFiles = (files: File[]) => {
    const taken = files.slice(0, attachmentRoom);
    itemUploads.start(taken);
    if (taken.length < files.length) {
      itemUploads.setProblem(t('caseFiles.item.tooManyLinks', { max: CASE_FILE_ITEM_MAX_LINKS }));
    }
  };
  const pickUploads = (picked: UploadSummary[]) => {
    setIsPickingUploads(false);
    addAttachments(
      picked.map((upload) => ({
        upload_id: upload.id,
        name: upload.name,
        size: upload.size,
        trashed: false,
      })),
    );
  };
  const pickLetters = (picked: LetterSummary[]) => {
    setIsPickingLetters(false);
    setValues((current) => {
      const known = new Set(current.letters.map(({ id }) => id));
      const fresh = picked.filter(({ id }) => !known.has(id)).map(itemLetterOf);
      return { ...current, letters: [...current.letters, ...fresh] };
    });
    setErrors((current) => ({ ...current, letter_ids: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormProblem(null);
    if (itemUploads.pendingCount > 0) {
      setFormProblem(t('caseFiles.item.waitForUploads'));
      return;
    }
    const found = validateItem(t, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstProblem(event.currentTarget);
      return;
    }
    onSubmit(itemRequestOf(values), release);
  };

  return (
    <>
      <form onSubmit={handleSubmit} noValidate aria-label={submitLabel}>
        <Stack gap="lg">
          {error && !hasFieldProblems ? (
            <FormAlert tone="error">{translateError(t, error)}</FormAlert>
          ) : null}
          <TextInput
            label={t('caseFiles.item.fields.title')}
            placeholder={t('caseFiles.item.fields.titlePlaceholder')}
            value={values.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={shown('title')}
            maxLength={CASE_FILE_ITEM_TITLE_MAX_LENGTH}
            required
            autoComplete="off"
            data-autofocus
          />
          <TextInput
            type="date"
            label={t('caseFiles.item.fields.date')}
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value)}
            error={shown('date')}
            required
            maw={220}
          />
          <Textarea
            label={t('caseFiles.item.fields.notes')}
            description={t('caseFiles.item.fields.notesHint')}
            value={values.notes}
            onChange={(event) => set('notes', event.currentTarget.value)}
            error={shown('notes')}
            maxLength={CASE_FILE_ITEM_NOTES_MAX_LENGTH}
            autosize
            minRows={4}
            maxRows={18}
          />
          <ItemAttachmentsField
            attachments={values.attachments}
            pending={itemUploads.pending}
            problem={itemUploads.problem ?? shown('upload_ids') ?? null}
            disabled={isPending}
            onFiles={addFiles}
            onPickUploads={() => setIsPickingUploads(true)}
            onRemove={(uploadId) =>
              setValues((current) => ({
                ...current,
                attachments: current.attachments.filter(({ upload_id: id }) => id !== uploadId),
              }))
            }
          />
          <ItemLettersField
            letters={values.letters}
            error={shown('letter_ids')}
            disabled={isPending}
            onPick={() => setIsPickingLetters(true)}
            onRemove={(letterId) =>
              setValues((current) => ({
                ...current,
                letters: current.letters.filter(({ id }) => id !== letterId),
              }))
            }
          />
          {formProblem === null ? null : <FormAlert tone="error">{formProblem}</FormAlert>}
          <Group gap="sm">
            <Button type="submit" loading={isPending}>
              {submitLabel}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('dialog.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
      <LetterPicker
        opened={isPickingLetters}
        onClose={() => setIsPickingLetters(false)}
        onPick={pickLetters}
        accountId={accountId}
        linkedIds={values.letters.map(({ id }) => id)}
        maxCount={room(values.letters.length)}
      />
      {uploads.renderPicker({
        opened: isPickingUploads,
        onClose: () => setIsPickingUploads(false),
        onPick: pickUploads,
        accountId,
        accept: uploadContentTypes,
        maxCount: attachmentRoom,
        attachedIds: values.attachments.map(({ upload_id: id }) => id),
        title: t('caseFiles.item.attachments.pickerTitle'),
      })}
      <LeaveDialog
        blocker={blocker}
        title={t('caseFiles.leave.title')}
        message={t('caseFiles.leave.text')}
        confirmLabel={t('caseFiles.leave.confirm')}
        cancelLabel={t('caseFiles.leave.stay')}
      />
    </>
  );
}
