import { Combobox, Group, Loader, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { paths } from '../../../config/paths.ts';
import { correspondentOf } from '../../../lib/correspondent.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuickResults } from './use-quick-results.ts';

interface HeaderSearchOptionsProps {
  accountId: string;
  query: string;
  /**
   * The list is there: the combobox keeps its list's id in a ref, so its box renders again
   * to point at the list (aria-controls, aria-expanded).
   */
  onListMounted: () => void;
}

interface Hit {
  href: string;
  title: string;
  detail: string;
}

/** One hit: its title and a line that tells it apart (sender and date, organisation, …). */
function HitOption({ hit }: { hit: Hit }) {
  return (
    <Combobox.Option value={hit.href}>
      <Text size="sm" fw={600} truncate>
        {hit.title}
      </Text>
      {hit.detail === '' ? null : (
        <Text size="xs" c="dimmed" truncate>
          {hit.detail}
        </Text>
      )}
    </Combobox.Option>
  );
}

function HitGroup({ label, hits }: { label: string; hits: readonly Hit[] }): ReactNode {
  if (hits.length === 0) return null;
  return (
    <Combobox.Group label={label}>
      {hits.map((hit) => (
        <HitOption key={hit.href} hit={hit} />
      ))}
    </Combobox.Group>
  );
}

/**
 * The header search's list: the best few letters, uploads, files and contacts, grouped, and
 * the way to every letter and upload found. Loaded on demand, with its requests.
 */
export function HeaderSearchOptions({ accountId, query, onListMounted }: HeaderSearchOptionsProps) {
  const { t } = useTranslation();
  useEffect(onListMounted, [onListMounted]);
  const results = useQuickResults(accountId, query);
  const letters = results.letters.map((letter) => ({
    href: letter.direction === 'outbound' ? paths.sentLetter(letter.id) : paths.letter(letter.id),
    title: letter.subject,
    detail: `${correspondentOf(letter).name} · ${formatListDate(letter.created_at)}`,
  }));
  const uploads = results.uploads.map((upload) => ({
    href: paths.upload(upload.id),
    title: upload.name,
    detail: formatListDate(upload.created_at),
  }));
  const caseFiles = results.caseFiles.map((file) => ({
    href: paths.file(file.id),
    title: file.title,
    detail: t('caseFiles.itemCount', { count: file.item_count }),
  }));
  const contacts = results.contacts.map((contact) => ({
    href: paths.contactEdit(contact.id),
    title: contact.name === '' ? contact.organisation : contact.name,
    detail: [contact.name === '' ? '' : contact.organisation, contact.email, contact.city]
      .filter((part) => part !== '')
      .join(' · '),
  }));
  const count = letters.length + uploads.length + caseFiles.length + contacts.length;

  let status: ReactNode = null;
  if (count === 0 && results.isPending) {
    status = (
      <Group gap="xs" justify="center">
        <Loader size="xs" aria-hidden="true" />
        <span>{t('search.header.searching')}</span>
      </Group>
    );
  } else if (count === 0 && results.isError) status = t('search.header.failed');
  else if (count === 0) status = t('search.header.empty', { query });

  return (
    <>
      {status === null ? null : <Combobox.Empty role="status">{status}</Combobox.Empty>}
      <Combobox.Options aria-label={t('search.header.label')}>
        <HitGroup label={t('search.header.groups.letters')} hits={letters} />
        <HitGroup label={t('search.header.groups.uploads')} hits={uploads} />
        <HitGroup label={t('search.header.groups.caseFiles')} hits={caseFiles} />
        <HitGroup label={t('search.header.groups.contacts')} hits={contacts} />
        <Combobox.Option value={paths.inboxSearch(query)}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="var(--kuvert-color-accent)" fw={600} lineClamp={2}>
              {t('search.header.showAll', { query })}
            </Text>
            <IconArrowRight size={14} aria-hidden="true" />
          </Group>
        </Combobox.Option>
      </Combobox.Options>
    </>
  );
}
