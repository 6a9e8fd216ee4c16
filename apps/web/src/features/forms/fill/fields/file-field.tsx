import { Button, CloseButton, Group, Loader, Paper, Text } from '@mantine/core';
import { IconFileUpload, IconFolderOpen, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FORM_LIMITS } from '@kuvert/shared/form-definition';
import type { FormFile } from '@kuvert/shared/forms';
import { formatFileSize } from '../../../../lib/dates.ts';
import { useTranslation } from '../../../../lib/i18n.ts';
import { FieldGroup } from './field-group.tsx';
import type { FieldProps } from './field-props.ts';

/** How a page takes files for its form (logged in: the mailbox; public: an upload token). */
export interface FormFileSupport {
  /** What is known of the files the answers name, by id. */
  filesById: ReadonlyMap<string, FormFile>;
  /** Sends a file from the computer; resolves with it once the server kept it. */
  upload: (file: File) => Promise<FormFile>;
  /** Logged in: chooses some of the mailbox's uploads (none when the person cancels). */
  pickUploads?: (options: { accept: readonly string[]; maxCount: number }) => Promise<FormFile[]>;
  /** What to say when a file was refused. */
  describeError: (error: unknown, filename: string) => string;
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
};

interface FileFieldProps extends FieldProps {
  files: FormFileSupport;
}

/** One file or several: from the computer, or (logged in) from the mailbox's uploads. */
export function FileField({
  field,
  id,
  value,
  error,
  onChange,
  onBlur,
  disabled,
  files,
}: FileFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const isSingle = field.kind === 'file';
  const ids: string[] = isSingle
    ? typeof value === 'string' && value !== ''
      ? [value]
      : []
    : Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  const max = isSingle ? 1 : Math.min(field.maxItems ?? FORM_LIMITS.maxFiles, FORM_LIMITS.maxFiles);
  const room = isSingle ? 1 : max - ids.length - uploading.length;
  const types = field.accept.map((type) => TYPE_NAMES[type] ?? type).join(', ');
  // The files attached by now: several uploads finish one after another, each adds to them.
  const latest = useRef(ids);
  useEffect(() => {
    latest.current = ids;
  });

  const attach = (added: FormFile[]) => {
    if (added.length === 0) return;
    if (isSingle) {
      onChange(added[0]?.id);
      return;
    }
    const next = [...latest.current, ...added.map((file) => file.id)].slice(0, max);
    latest.current = next;
    onChange(next);
  };

  const takeFiles = async (chosen: File[]) => {
    const found: string[] = [];
    const fitting = chosen.filter((file) => {
      if (!field.accept.includes(file.type)) {
        found.push(t('forms.fill.file.wrongType', { name: file.name, types }));
        return false;
      }
      if (file.size > FORM_LIMITS.maxFileBytes) {
        found.push(
          t('forms.fill.file.tooLarge', {
            name: file.name,
            max: formatFileSize(FORM_LIMITS.maxFileBytes),
          }),
        );
        return false;
      }
      return true;
    });
    const taken = fitting.slice(0, Math.max(0, room));
    if (taken.length < fitting.length) found.push(t('forms.fill.file.tooMany', { max }));
    setProblems(found);
    for (const file of taken) {
      setUploading((names) => [...names, file.name]);
      try {
        attach([await files.upload(file)]);
      } catch (uploadError) {
        setProblems((current) => [...current, files.describeError(uploadError, file.name)]);
      } finally {
        setUploading((names) => names.filter((name) => name !== file.name));
      }
    }
    onBlur();
  };

  const pick = async () => {
    if (!files.pickUploads) return;
    setProblems([]);
    try {
      attach(await files.pickUploads({ accept: field.accept, maxCount: Math.max(1, room) }));
    } catch (pickError) {
      setProblems([files.describeError(pickError, '')]);
    }
    onBlur();
  };

  const remove = (fileId: string) => {
    const next = ids.filter((current) => current !== fileId);
    latest.current = next;
    onChange(isSingle || next.length === 0 ? undefined : next);
    // The removed file's button is gone: focus goes to where files are chosen.
    document.getElementById(id)?.focus();
  };

  const isBusy = disabled || uploading.length > 0;
  return (
    <FieldGroup field={field} id={id} error={error}>
      {ids.length > 0 ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {ids.map((fileId) => {
            const file = files.filesById.get(fileId);
            const name = file?.filename ?? t('forms.fill.file.unknownName');
            return (
              <Paper component="li" key={fileId} withBorder radius="md" px="sm" py={6} mb={6}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconPaperclip size={16} aria-hidden="true" />
                    <Text size="sm" truncate="end">
                      {name}
                    </Text>
                    {file ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatFileSize(file.size)}
                      </Text>
                    ) : null}
                  </Group>
                  <CloseButton
                    aria-label={t('forms.fill.file.remove', { name })}
                    disabled={isBusy}
                    onClick={() => remove(fileId)}
                  />
                </Group>
              </Paper>
            );
          })}
        </ul>
      ) : null}
      {uploading.length > 0 ? (
        <Group gap="xs" role="status">
          <Loader size={14} aria-hidden="true" />
          <Text size="sm">{t('forms.fill.file.uploading', { name: uploading.join(', ') })}</Text>
        </Group>
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        accept={field.accept.join(',')}
        multiple={!isSingle}
        data-file-field={field.path}
        onChange={(event) => {
          const chosen = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          void takeFiles(chosen);
        }}
      />
      <Group gap="xs">
        <Button
          id={id}
          variant="light"
          size="xs"
          leftSection={<IconFileUpload size={16} aria-hidden="true" />}
          disabled={isBusy || (!isSingle && room <= 0)}
          onClick={() => input.current?.click()}
        >
          {ids.length > 0 && isSingle
            ? t('forms.fill.file.replace')
            : t('forms.fill.file.fromComputer')}
        </Button>
        {files.pickUploads ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFolderOpen size={16} aria-hidden="true" />}
            disabled={isBusy || (!isSingle && room <= 0)}
            onClick={() => void pick()}
          >
            {t('forms.fill.file.fromUploads')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('forms.fill.file.limits', {
          types,
          max: formatFileSize(FORM_LIMITS.maxFileBytes),
        })}
      </Text>
      {problems.length > 0 ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {problems.join(' ')}
        </Text>
      ) : null}
    </FieldGroup>
  );
}
