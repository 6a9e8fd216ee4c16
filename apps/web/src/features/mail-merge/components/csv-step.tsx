import {
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFolderOpen, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MAIL_MERGE_MAX_CSV_BYTES, type MailMergeCsvInspection } from '@kuvert/shared/mail-merge';
import { csvDelimiters, csvEncodings } from '@kuvert/shared/uploads';
import type { CsvDelimiter, CsvEncoding } from '@kuvert/shared/uploads';
import { formatFileSize } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import type { CsvUploader, PickedUpload, RenderUploadPicker } from './mail-merge-types.ts';

export interface CsvChoice {
  upload: PickedUpload;
  /** null: as detected. */
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
}

const encodingLabels: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252 (Western European)',
};

function delimiterLabel(t: TFunction, delimiter: CsvDelimiter): string {
  switch (delimiter) {
    case ',':
      return t('mailMerge.csv.delimiters.comma');
    case ';':
      return t('mailMerge.csv.delimiters.semicolon');
    case '\t':
      return t('mailMerge.csv.delimiters.tab');
    case '|':
      return t('mailMerge.csv.delimiters.pipe');
  }
}

const isEncoding = (value: string | null): value is CsvEncoding =>
  csvEncodings.some((encoding) => encoding === value);
const isDelimiter = (value: string | null): value is CsvDelimiter =>
  csvDelimiters.some((delimiter) => delimiter === value);

interface CsvStepProps {
  accountId: string;
  choice: CsvChoice | null;
  onChoose: (choice: CsvChoice | null) => void;
  inspection: MailMergeCsvInspection | undefined;
  inspectionError: unknown;
  isInspecting: boolean;
  uploader: CsvUploader;
  renderUploadPicker: RenderUploadPicker;
}

/** Step 2: the recipients as a CSV, uploaded or chosen, read as Kuvert detects (or as asked). */
export function CsvStep({
  accountId,
  choice,
  onChoose,
  inspection,
  inspectionError,
  isInspecting,
  uploader,
  renderUploadPicker,
}: CsvStepProps) {
  const { t } = useTranslation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [awaitedName, setAwaitedName] = useState<string | null>(null);
  const upload = uploader.current;

  // The file just uploaded becomes the CSV once the server kept it.
  const storedId =
    awaitedName !== null && upload?.name === awaitedName && upload.status === 'done'
      ? upload.uploadId
      : null;
  useEffect(() => {
    if (storedId === null || upload === null || choice?.upload.id === storedId) return;
    onChoose({ upload: { id: storedId, name: upload.name }, encoding: null, delimiter: null });
  }, [storedId, upload, choice, onChoose]);

  const startUpload = (file: File | null) => {
    if (file === null) return;
    if (file.size > MAIL_MERGE_MAX_CSV_BYTES) {
      setRefusal(
        t('mailMerge.csv.tooLarge', {
          name: file.name,
          size: formatFileSize(file.size),
          max: formatFileSize(MAIL_MERGE_MAX_CSV_BYTES),
        }),
      );
      return;
    }
    setRefusal(null);
    setAwaitedName(file.name);
    onChoose(null);
    uploader.start(file);
  };

  const isUploading =
    awaitedName !== null && choice === null && upload !== null && upload.name === awaitedName;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('mailMerge.csv.hint')}
      </Text>
      <Group gap="sm">
        <FileButton onChange={startUpload} accept=".csv,.txt,.tsv,text/csv,text/plain">
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={18} aria-hidden />}>
              {t('mailMerge.csv.upload')}
            </Button>
          )}
        </FileButton>
        <Button
          variant="default"
          leftSection={<IconFolderOpen size={18} aria-hidden />}
          onClick={() => setPickerOpen(true)}
        >
          {t('mailMerge.csv.pick')}
        </Button>
      </Group>
      {renderUploadPicker({
        opened: pickerOpen,
        onClose: () => setPickerOpen(false),
        onPick: (uploads) => {
          setPickerOpen(false);
          const [chosen] = uploads;
          if (chosen) {
            setAwaitedName(null);
            setRefusal(null);
            onChoose({ upload: chosen, encoding: null, delimiter: null });
          }
        },
        accountId,
        accept: ['text/csv'],
        maxCount: 1,
        title: t('mailMerge.csv.pick'),
      })}
      {refusal === null ? null : (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      {isUploading && upload ? (
        upload.status === 'failed' ? (
          <Alert color="red" variant="light" role="alert">
            {upload.error ?? t('mailMerge.csv.uploadFailed')}
          </Alert>
        ) : (
          <Stack gap={4} role="status">
            <Text size="sm">
              {upload.status === 'checking'
                ? t('mailMerge.csv.checking', { name: upload.name })
                : t('mailMerge.csv.uploading', { name: upload.name, percent: upload.percent })}
            </Text>
            <Progress value={upload.percent} aria-label={t('mailMerge.csv.uploadProgress')} />
          </Stack>
        )
      ) : null}
      {choice === null ? null : (
        <Stack gap="sm">
          <Text fw={600}>{choice.upload.name}</Text>
          {inspectionError ? (
            <Alert color="red" variant="light" role="alert" title={t('mailMerge.csv.unreadable')}>
              {translateError(t, inspectionError)}
            </Alert>
          ) : null}
          {inspection ? (
            <>
              <Group gap="md" align="flex-end">
                <Select
                  label={t('mailMerge.csv.encoding')}
                  description={t('mailMerge.csv.detected', {
                    value: encodingLabels[inspection.detected_encoding],
                  })}
                  data={csvEncodings.map((value) => ({ value, label: encodingLabels[value] }))}
                  value={inspection.encoding}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (isEncoding(value)) onChoose({ ...choice, encoding: value });
                  }}
                  w={{ base: '100%', xs: 260 }}
                />
                <Select
                  label={t('mailMerge.csv.delimiter')}
                  description={t('mailMerge.csv.detected', {
                    value: delimiterLabel(t, inspection.detected_delimiter),
                  })}
                  data={csvDelimiters.map((value) => ({ value, label: delimiterLabel(t, value) }))}
                  value={inspection.delimiter}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (isDelimiter(value)) onChoose({ ...choice, delimiter: value });
                  }}
                  w={{ base: '100%', xs: 220 }}
                />
                {isInspecting ? <Loader size="sm" aria-label={t('mailMerge.csv.reading')} /> : null}
              </Group>
              <Text size="sm">
                {t('mailMerge.csv.summary', {
                  count: inspection.row_count,
                  columns: inspection.columns.length,
                })}
              </Text>
              <ScrollArea type="auto" offsetScrollbars>
                <Table striped withTableBorder withColumnBorders fz="sm" miw={400}>
                  <Table.Caption>{t('mailMerge.csv.sampleCaption')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      {inspection.columns.map((column, index) => (
                        <Table.Th key={index}>{column}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {inspection.sample_rows.map((row, rowIndex) => (
                      <Table.Tr key={rowIndex}>
                        {inspection.columns.map((_, index) => (
                          <Table.Td key={index} style={{ whiteSpace: 'pre-line' }}>
                            {row[index] ?? ''}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </>
          ) : isInspecting ? (
            <Loader size="sm" aria-label={t('mailMerge.csv.reading')} />
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
