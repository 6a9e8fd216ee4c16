import { Box, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

export interface PageAction {
  label: string;
  icon: ReactNode;
  /** Each opens a dialog (edit, move, confirm the trash). */
  onClick: () => void;
}

interface PageActionsProps {
  /** The page's main action, always a button of its own. */
  primary: ReactNode;
  /** Buttons beside it; at phone width they fold into one "More" menu. */
  secondary: readonly PageAction[];
}

/** A page's actions: every one a button where there is room, the lesser ones in a menu on phones. */
export function PageActions({ primary, secondary }: PageActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      {primary}
      {secondary.map((action) => (
        <Button
          key={action.label}
          visibleFrom="sm"
          variant="default"
          leftSection={action.icon}
          onClick={action.onClick}
          aria-haspopup="dialog"
        >
          {action.label}
        </Button>
      ))}
      <Box hiddenFrom="sm">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconChevronDown size={16} aria-hidden="true" />}
            >
              {t('caseFiles.moreActions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {secondary.map((action) => (
              <Menu.Item key={action.label} leftSection={action.icon} onClick={action.onClick}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Box>
    </Group>
  );
}
