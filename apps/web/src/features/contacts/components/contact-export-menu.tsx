import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { contactExportUrl } from '../api/export-contacts.ts';

/** Downloads every contact as a CSV for Excel (`;`, UTF-8 with BOM) or as vCard 3.0. */
export function ContactExportMenu({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  // The server writes the CSV headers in every UI language, so the file reads like the page.
  const language = i18n.language;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
        >
          {t('contacts.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={contactExportUrl({ account_id: accountId, format: 'csv', language })}
          download
        >
          {t('contacts.export.csv')}
        </Menu.Item>
        <Menu.Item
          component="a"
          href={contactExportUrl({ account_id: accountId, format: 'vcard', language })}
          download
        >
          {t('contacts.export.vcard')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
