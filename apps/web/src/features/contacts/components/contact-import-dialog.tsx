import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ContactImportPreview, ContactImportRow } from '@kuvert/shared/contacts';
import type { CsvDelimiter, CsvEncoding } from '@kuvert/shared/uploads';
import { csvDelimiters, csvEncodings } from '@kuvert/shared/uploads';
import { CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_MAX_ROWS } from '@kuvert/shared/contacts';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatFileSize } from '../../../lib/dates.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useImportContacts } from '../api/import-contacts.ts';
import {
  usePreviewContactImport,
  type ContactImportSource,
} from '../api/preview-contact-import.ts';
import { countryLabel, fieldOf, translateFieldIssue } from '../hooks/contact-fields.ts';

interface ContactImportDialogProps {
  accountId: string;
  opened: boolean;
  onClose: () => void;
}

// Dark shades: white text on them is readable on the table's striped rows too.
const statusColor = { ok: 'teal.9', invalid: 'red.9', duplicate: 'orange.9' } as const;

/**
 * Import from a CSV or vCard file: the server reads it and says row by row what it would
 * save; only then are the good rows saved, at once.
 */
export function ContactImportDialog({ accountId, opened, onClose }: ContactImportDialogProps) {
  const { t } = useTranslation();
  const preview = usePreviewContactImport(accountId);
  const importContacts = useImportContacts();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  // How the CSV is read: kept while a re-read with other settings loads or fails.
  const [reading, setReading] = useState<CsvReadingChoice | null>(null);
  const readAs = (source: ContactImportSource) =>
    preview.mutate(source, {
      onSuccess: (result) =>
        setReading(
          result.format === 'csv' && result.encoding && result.delimiter
            ? { encoding: result.encoding, delimiter: result.delimiter }
            : null,
        ),
    });

  const close = () => {
    preview.reset();
    importContacts.reset();
    setFile(null);
    setTooLarge(false);
    setReading(null);
    onClose();
  };
  const choose = (chosen: File | null) => {
    if (chosen === null) return;
    setFile(chosen);
    importContacts.reset();
    const isTooLarge = chosen.size > CONTACT_IMPORT_MAX_BYTES;
    setTooLarge(isTooLarge);
    setReading(null);
    if (isTooLarge) preview.reset();
    else readAs({ file: chosen });
  };
  const rows = preview.data?.rows ?? [];
  const good = rows.flatMap((row) => (row.status === 'ok' && row.contact ? [row.contact] : []));
  const save = () =>
    importContacts.mutate(
      { account_id: accountId, contacts: good },
      {
        onSuccess: ({ created }) => {
          notify({ type: 'positive', message: t('contacts.import.done', { count: created }) });
          close();
        },
      },
    );

  return (
    <AppModal opened={opened} onClose={close} title={t('contacts.import.title')} size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('contacts.import.intro', { max: CONTACT_IMPORT_MAX_ROWS })}
        </Text>
        <Group gap="sm">
          <FileButton
            onChange={choose}
            accept=".csv,.vcf,.vcard,.txt,text/csv,text/vcard,text/x-vcard"
          >
            {(props) => (
              <Button
                {...props}
                variant={preview.data ? 'default' : 'filled'}
                leftSection={<IconUpload size={16} aria-hidden="true" />}
                loading={preview.isPending}
              >
                {preview.data ? t('contacts.import.chooseOther') : t('contacts.import.choose')}
              </Button>
            )}
          </FileButton>
          {file ? (
            <Text size="sm" c="dimmed">
              {file.name} · {formatFileSize(file.size)}
            </Text>
          ) : null}
        </Group>
        {tooLarge ? (
          <FormAlert tone="error">
            {t('contacts.import.tooLarge', { size: formatFileSize(CONTACT_IMPORT_MAX_BYTES) })}
          </FormAlert>
        ) : null}
        {preview.isError ? (
          <FormAlert tone="error">{importErrorMessage(t, preview.error)}</FormAlert>
        ) : null}
        {preview.data ? <PreviewSummary preview={preview.data} /> : null}
        {file && reading ? (
          <CsvReading
            reading={reading}
            isPending={preview.isPending}
            onChange={(next) => {
              setReading(next);
              readAs({ file, ...next });
            }}
          />
        ) : null}
        {rows.length > 0 ? <PreviewTable rows={rows} /> : null}
        {importContacts.isError ? (
          <FormAlert tone="error">{translateError(t, importContacts.error)}</FormAlert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button
            leftSection={<IconFileImport size={16} aria-hidden="true" />}
            disabled={good.length === 0}
            loading={importContacts.isPending}
            onClick={save}
          >
            {t('contacts.import.submit', { count: good.length })}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function importErrorMessage(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (hasErrorCode(error, 'DOCUMENT_UNREADABLE')) return t('contacts.import.unreadable');
  if (hasErrorCode(error, 'PAYLOAD_TOO_LARGE')) {
    return t('contacts.import.tooMany', { max: CONTACT_IMPORT_MAX_ROWS });
  }
  return translateError(t, error);
}

function PreviewSummary({ preview }: { preview: ContactImportPreview }) {
  const { t } = useTranslation();
  const count = (status: ContactImportRow['status']) =>
    preview.rows.filter((row) => row.status === status).length;
  return (
    <Alert variant="light" color="blue" radius="md" title={t('contacts.import.summaryTitle')}>
      <Stack gap={4}>
        <Text size="sm">
          {preview.format === 'vcard'
            ? t('contacts.import.formatVcard')
            : t('contacts.import.formatCsv', {
                encoding: preview.encoding ?? '',
                delimiter: delimiterName(t, preview.delimiter),
              })}
        </Text>
        <Text size="sm" role="status">
          {t('contacts.import.summary', {
            ok: count('ok'),
            invalid: count('invalid'),
            duplicate: count('duplicate'),
          })}
        </Text>
      </Stack>
    </Alert>
  );
}

interface CsvReadingChoice {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

interface CsvReadingProps {
  reading: CsvReadingChoice;
  isPending: boolean;
  onChange: (reading: CsvReadingChoice) => void;
}

const isEncoding = (value: string | null): value is CsvEncoding =>
  csvEncodings.some((encoding) => encoding === value);
const isDelimiter = (value: string | null): value is CsvDelimiter =>
  csvDelimiters.some((delimiter) => delimiter === value);

/** The encoding and separator Kuvert detected, to change when the rows look wrong. */
function CsvReading({ reading, isPending, onChange }: CsvReadingProps) {
  const { t } = useTranslation();
  const { encoding, delimiter } = reading;
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label={t('contacts.import.encoding')}
        data={csvEncodings.map((value) => ({ value, label: value }))}
        value={encoding}
        onChange={(value) => {
          if (isEncoding(value)) onChange({ encoding: value, delimiter });
        }}
        allowDeselect={false}
        disabled={isPending}
        w={170}
      />
      <Select
        label={t('contacts.import.delimiter')}
        data={csvDelimiters.map((value) => ({ value, label: delimiterName(t, value) }))}
        value={delimiter}
        onChange={(value) => {
          if (isDelimiter(value)) onChange({ encoding, delimiter: value });
        }}
        allowDeselect={false}
        disabled={isPending}
        w={170}
      />
    </Group>
  );
}

function delimiterName(t: ReturnType<typeof useTranslation>['t'], delimiter: string | null) {
  if (delimiter === '\t') return t('contacts.import.tab');
  return t('contacts.import.quoted', { value: delimiter ?? '' });
}

function PreviewTable({ rows }: { rows: ContactImportRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    // Focusable, so keyboard users can scroll a long file too.
    <div
      role="region"
      tabIndex={0}
      aria-label={t('contacts.import.tableLabel')}
      style={{ maxHeight: 360, overflow: 'auto' }}
    >
      <Table striped stickyHeader verticalSpacing="xs" aria-label={t('contacts.import.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={36}>
              #
            </Table.Th>
            <Table.Th scope="col">{t('contacts.import.contact')}</Table.Th>
            <Table.Th scope="col" w={150}>
              {t('contacts.import.status')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const cells = row.cells;
            const country = row.contact?.country
              ? countryLabel(row.contact.country, i18n.language)
              : (cells.country ?? '');
            // The postcode as it will be saved (a dropped leading zero put back).
            const postcode = row.contact?.postcode ?? cells.postcode;
            const address = [
              cells.street,
              [postcode, cells.city].filter(Boolean).join(' '),
              country,
            ]
              .filter(Boolean)
              .join(', ');
            return (
              <Table.Tr key={row.row} data-status={row.status} style={{ verticalAlign: 'top' }}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {cells.name || cells.organisation || '—'}
                  </Text>
                  {cells.name && cells.organisation ? (
                    <Text size="xs" c="dimmed">
                      {cells.organisation}
                    </Text>
                  ) : null}
                  {address ? <Text size="sm">{address}</Text> : null}
                  {cells.email ? (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {cells.email}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={statusColor[row.status]}
                    variant="filled"
                    style={{ maxWidth: 'none' }}
                  >
                    {t(`contacts.import.statuses.${row.status}`)}
                  </Badge>
                  {row.corrections.length > 0 ? (
                    <List size="xs" mt={4} spacing={2}>
                      {row.corrections.map((correction) => (
                        <List.Item key={correction.path}>
                          {t('contacts.import.corrected', {
                            field: t(`contacts.fields.${correction.path}`),
                            from: correction.from,
                            to: correction.to,
                          })}
                        </List.Item>
                      ))}
                    </List>
                  ) : null}
                  {row.problems.length > 0 ? (
                    <List size="xs" mt={4} spacing={2}>
                      {row.problems.map((problem) => {
                        const field = fieldOf(problem.path);
                        const label = field ? t(`contacts.fields.${field}`) : problem.path;
                        return (
                          <List.Item key={`${problem.path}-${problem.message}`}>
                            {label}: {translateFieldIssue(t, problem, i18n.language)}
                          </List.Item>
                        );
                      })}
                    </List>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
