import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

interface BackLinkProps {
  /** Where "back" leads when the page was opened directly (no history to return to). */
  fallbackHref: string;
  label: string;
}

/** Goes back in history when we came from inside the app, else to a sensible parent. */
export function BackLink({ fallbackHref, label }: BackLinkProps) {
  const navigate = useNavigate();
  return (
    <Anchor
      component={Link}
      to={fallbackHref}
      fw={600}
      onClick={(event) => {
        if (!hasInAppHistory()) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      <Group gap={6} wrap="nowrap" component="span">
        <IconArrowLeft size={18} aria-hidden="true" />
        {label}
      </Group>
    </Anchor>
  );
}

// React Router numbers its history entries in `history.state.idx`; 0 means we arrived here.
export function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    'idx' in state &&
    typeof state.idx === 'number' &&
    state.idx > 0
  );
}
