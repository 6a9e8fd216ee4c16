import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CASE_FILE_ITEM_TITLE_MAX_LENGTH,
  CASE_FILE_TITLE_MAX_LENGTH,
  caseFileItemTitleSchema,
  caseFileTitleSchema,
} from '@kuvert/shared/case-files';
import type { AddToCaseFileMode, CaseFileColor, CaseFileRef } from '@kuvert/shared/case-files';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { localIsoDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { translateIssue } from '../../../lib/validation.ts';
import { useAddToCaseFile } from '../api/add-to-case-file.ts';
import { useCreateCaseFile } from '../api/create-case-file.ts';
import { CaseFileColorPicker } from './case-file-color-picker.tsx';
import { AddToFileFileList, NEW_FILE_CHOICE } from './add-to-file-file-list.tsx';
import { addRequestOf, addedMessage, countThings, thingsKind } from './add-to-file-summary.ts';
import type { ThingToFile } from './add-to-file-summary.ts';

export interface AddToFileDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The account whose files are offered: the one the letters and uploads belong to. */
  accountId: string;
  things: readonly ThingToFile[];
  /** After they were added, e.g. to clear a selection. */
  onAdded?: (() => void) | undefined;
}

/** "Add to a file": which file (or a new one), and for several things how many items. */
export function AddToFileDialog({ opened, onClose, ...props }: AddToFileDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('addToFile.title')} size="lg">
      {/* Built afresh at each opening: nothing chosen, the titles from what is added now. */}
      {opened ? <AddToFileForm onClose={onClose} {...props} /> : null}
    </AppModal>
  );
}

const itemEachLabel = {
  letters: 'addToFile.mode.itemEachLetters',
  uploads: 'addToFile.mode.itemEachUploads',
  mixed: 'addToFile.mode.itemEachMixed',
} as const;

type Problems = Partial<Record<'file' | 'newTitle' | 'itemTitle' | 'itemDate', string | undefined>>;

function checkTitle(
  schema: typeof caseFileTitleSchema | typeof caseFileItemTitleSchema,
  value: string,
  t: TFunction,
): string | undefined {
  const checked = schema.safeParse(value);
  if (checked.success) return undefined;
  const [issue] = checked.error.issues;
  return issue ? translateIssue(t, issue) : t('validation.invalid');
}

function AddToFileForm({
  onClose,
  accountId,
  things,
  onAdded,
}: Omit<AddToFileDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddToCaseFile();
  const create = useCreateCaseFile();
  const [first] = things;
  const [choice, setChoice] = useState<string | null>(null);
  const [chosenFile, setChosenFile] = useState<CaseFileRef | null>(null);
  const [newTitle, setNewTitle] = useState('');
  const [newColor, setNewColor] = useState<CaseFileColor>('blue');
  // Made by an earlier try whose adding then failed: used again, not made twice.
  const [createdFile, setCreatedFile] = useState<CaseFileRef | null>(null);
  const [mode, setMode] = useState<AddToCaseFileMode>('item_each');
  const [itemTitle, setItemTitle] = useState(
    first?.title.slice(0, CASE_FILE_ITEM_TITLE_MAX_LENGTH) ?? '',
  );
  const [itemDate, setItemDate] = useState(
    first === undefined ? localIsoDate() : localIsoDate(new Date(first.createdAt)),
  );
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<unknown>(null);
  const isNew = choice === NEW_FILE_CHOICE;
  const isOneItem = mode === 'one_item' && things.length > 1;
  const isPending = add.isPending || create.isPending;

  const check = (): Problems => {
    const found: Problems = {};
    if (choice === null) found.file = t('addToFile.files.choose');
    if (isNew && createdFile === null) {
      found.newTitle = checkTitle(caseFileTitleSchema, newTitle, t);
    }
    if (isOneItem) {
      found.itemTitle = checkTitle(caseFileItemTitleSchema, itemTitle, t);
      if (!/^\d{4}-\d{2}-\d{2}$/u.test(itemDate)) found.itemDate = t('validation.required');
    }
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    setFailure(null);
    if (Object.values(found).some((problem) => problem !== undefined)) return;
    try {
      let file = isNew ? createdFile : chosenFile;
      if (file === null) {
        const created = await create.mutateAsync({
          account_id: accountId,
          title: newTitle,
          color: newColor,
        });
        file = { id: created.id, title: created.title, color: created.color };
        setCreatedFile(file);
      }
      const request = addRequestOf(things, mode, { title: itemTitle, date: itemDate });
      const result = await add.mutateAsync({ fileId: file.id, body: request });
      const fileId = file.id;
      notify({
        ...addedMessage(t, things, request, result, file.title),
        action: {
          label: t('addToFile.done.openFile'),
          onClick: () => void navigate(paths.file(fileId)),
        },
      });
      onAdded?.();
      onClose();
    } catch (error) {
      setFailure(error);
    }
  };

  const kind = thingsKind(things);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {things.length === 1 && first !== undefined
            ? t('addToFile.introOne', { title: first.title })
            : t('addToFile.intro', { what: countThings(t, things) })}
        </Text>
        {failure === null ? null : <FormAlert tone="error">{translateError(t, failure)}</FormAlert>}
        <AddToFileFileList
          accountId={accountId}
          value={choice}
          onChange={(next, file) => {
            setChoice(next);
            setChosenFile(file);
            setProblems((current) => ({ ...current, file: undefined }));
          }}
          error={problems.file}
        />
        {isNew && createdFile === null ? (
          <Stack gap="sm" pl={{ base: 0, sm: 'lg' }}>
            <TextInput
              label={t('addToFile.newFile.title')}
              value={newTitle}
              onChange={(event) => {
                setNewTitle(event.currentTarget.value);
                setProblems((current) => ({ ...current, newTitle: undefined }));
              }}
              error={problems.newTitle}
              maxLength={CASE_FILE_TITLE_MAX_LENGTH + 20}
              required
            />
            <CaseFileColorPicker value={newColor} onChange={setNewColor} />
          </Stack>
        ) : null}
        {things.length > 1 ? (
          <Radio.Group
            label={t('addToFile.mode.legend')}
            value={mode}
            onChange={(next) => setMode(next === 'one_item' ? 'one_item' : 'item_each')}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value="item_each"
                label={t(itemEachLabel[kind])}
                description={t('addToFile.mode.itemEachHint')}
              />
              <Radio value="one_item" label={t('addToFile.mode.oneItem')} />
            </Stack>
          </Radio.Group>
        ) : null}
        {isOneItem ? (
          <Group gap="sm" align="flex-start" wrap="wrap" pl={{ base: 0, sm: 'lg' }}>
            <TextInput
              label={t('addToFile.mode.itemTitle')}
              value={itemTitle}
              onChange={(event) => {
                setItemTitle(event.currentTarget.value);
                setProblems((current) => ({ ...current, itemTitle: undefined }));
              }}
              error={problems.itemTitle}
              maxLength={CASE_FILE_ITEM_TITLE_MAX_LENGTH + 20}
              required
              style={{ flex: '1 1 240px' }}
            />
            <TextInput
              type="date"
              label={t('addToFile.mode.itemDate')}
              value={itemDate}
              onChange={(event) => {
                setItemDate(event.currentTarget.value);
                setProblems((current) => ({ ...current, itemDate: undefined }));
              }}
              error={problems.itemDate}
              required
              w={170}
            />
          </Group>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={isPending}>
            {t('addToFile.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
