import { Kbd, Table } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const shortcuts = [
  ['j', 'next'],
  ['k', 'previous'],
  ['Enter', 'open'],
  ['u', 'back'],
  ['x', 'select'],
  ['#', 'trash'],
  ['/', 'search'],
  ['?', 'help'],
] as const;

interface ShortcutsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The `?` overlay: every key the mailbox understands. */
export function ShortcutsDialog({ opened, onClose }: ShortcutsDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('shortcuts.title')}>
      <Table verticalSpacing="xs" withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('shortcuts.key')}</Table.Th>
            <Table.Th scope="col">{t('shortcuts.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts.map(([key, action]) => (
            <Table.Tr key={key}>
              <Table.Td w={96}>
                <Kbd>{key}</Kbd>
              </Table.Td>
              <Table.Td>{t(`shortcuts.actions.${action}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </AppModal>
  );
}
