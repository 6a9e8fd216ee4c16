import {
  Alert,
  Button,
  Chip,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { parseTemplate, PLACEHOLDER_NAME_MAX_LENGTH } from '@kuvert/shared/mail-merge';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import type { PickedUpload, RenderUploadPicker } from './mail-merge-types.ts';

export interface SourceState {
  kind: 'template' | 'document';
  subject: string;
  body: string;
  document: PickedUpload | null;
}

/** The template's problem as the person reads it, or null. */
export function templateError(t: TFunction, text: string): string | null {
  const parsed = parseTemplate(text);
  if (parsed.ok) return null;
  return parsed.problem.kind === 'unclosed'
    ? t('mailMerge.source.unclosed', { line: parsed.line, column: parsed.column })
    : t('mailMerge.source.invalidName', {
        line: parsed.line,
        column: parsed.column,
        open: '{{',
        close: '}}',
      });
}

export function isSourceReady(source: SourceState): boolean {
  const subjectOk = source.subject.trim() !== '' && parseTemplate(source.subject).ok;
  const bodyOk = parseTemplate(source.body).ok;
  if (source.kind === 'document') return subjectOk && bodyOk && source.document !== null;
  return subjectOk && bodyOk && source.body.trim() !== '';
}

interface SourceStepProps {
  accountId: string;
  source: SourceState;
  onChange: (source: SourceState) => void;
  /** The CSV's columns, once known: offered as placeholders. */
  columns: readonly string[];
  renderUploadPicker: RenderUploadPicker;
}

/** Step 1: a template with `{{placeholders}}`, or an uploaded PDF sent to everyone. */
export function SourceStep({
  accountId,
  source,
  onChange,
  columns,
  renderUploadPicker,
}: SourceStepProps) {
  const { t } = useTranslation();
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<'subject' | 'body'>('body');
  const [newName, setNewName] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const subjectError = templateError(t, source.subject);
  const bodyError = templateError(t, source.body);
  const used = [source.subject, source.body].flatMap((text) => {
    const parsed = parseTemplate(text);
    return parsed.ok ? parsed.placeholders : [];
  });
  const suggestions = [...new Set([...columns.filter((column) => column.trim() !== ''), ...used])];

  const insert = (name: string) => {
    const field = lastField.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const text = source[field];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const token = `{{${name.trim()}}}`;
    onChange({ ...source, [field]: `${text.slice(0, start)}${token}${text.slice(end)}` });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const chips = (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('mailMerge.source.insertTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {columns.length > 0
          ? t('mailMerge.source.insertHint')
          : t('mailMerge.source.insertHintNoCsv')}
      </Text>
      {suggestions.length > 0 ? (
        <Group gap={6}>
          {suggestions.map((name) => (
            <Chip
              key={name}
              checked={false}
              size="xs"
              variant="outline"
              onClick={() => insert(name)}
              aria-label={t('mailMerge.source.insertNamed', { name })}
            >
              {`{{${name}}}`}
            </Chip>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('mailMerge.source.newPlaceholder')}
          value={newName}
          maxLength={PLACEHOLDER_NAME_MAX_LENGTH}
          onChange={(event) => setNewName(event.currentTarget.value.replaceAll(/[{}\r\n]/g, ''))}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          disabled={newName.trim() === ''}
          onClick={() => {
            insert(newName);
            setNewName('');
          }}
        >
          {t('mailMerge.source.insert')}
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Stack gap="md">
      <SegmentedControl
        value={source.kind}
        onChange={(value) =>
          onChange({ ...source, kind: value === 'document' ? 'document' : 'template' })
        }
        data={[
          { value: 'template', label: t('mailMerge.source.template') },
          { value: 'document', label: t('mailMerge.source.document') },
        ]}
        fullWidth
        aria-label={t('mailMerge.source.kind')}
      />
      {source.kind === 'document' ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('mailMerge.source.documentHint')}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              onClick={() => setPickerOpen(true)}
            >
              {source.document ? t('mailMerge.source.otherPdf') : t('mailMerge.source.choosePdf')}
            </Button>
            {source.document ? <Text fw={500}>{source.document.name}</Text> : null}
          </Group>
          {renderUploadPicker({
            opened: pickerOpen,
            onClose: () => setPickerOpen(false),
            onPick: (uploads) => {
              setPickerOpen(false);
              const [chosen] = uploads;
              if (chosen) onChange({ ...source, document: { id: chosen.id, name: chosen.name } });
            },
            accountId,
            accept: ['application/pdf'],
            maxCount: 1,
            title: t('mailMerge.source.choosePdf'),
          })}
        </Stack>
      ) : null}
      <TextInput
        ref={subjectRef}
        label={t('mailMerge.source.subject')}
        required
        value={source.subject}
        error={subjectError}
        onFocus={() => (lastField.current = 'subject')}
        onChange={(event) => onChange({ ...source, subject: event.currentTarget.value })}
      />
      <Textarea
        ref={bodyRef}
        label={
          source.kind === 'document' ? t('mailMerge.source.shortBody') : t('mailMerge.source.body')
        }
        required={source.kind === 'template'}
        autosize
        minRows={source.kind === 'document' ? 3 : 8}
        maxRows={24}
        value={source.body}
        error={bodyError}
        onFocus={() => (lastField.current = 'body')}
        onChange={(event) => onChange({ ...source, body: event.currentTarget.value })}
      />
      {chips}
      {subjectError === null && bodyError === null ? null : (
        <Alert color="red" variant="light" role="status">
          {t('mailMerge.source.fixTemplate')}
        </Alert>
      )}
    </Stack>
  );
}
