import type { Plugin } from 'vite';

/**
 * Mantine's `useId` (in @mantine/hooks, used by its inputs, chips, checkboxes, menus,
 * tooltips…) starts with an id from React's `useId`, then swaps it for a random one in a
 * layout effect: every such component renders twice on mount, and the second render runs in
 * the same task as the commit, with the commit's passive effects pulled into it. On /inbox
 * that made one long task of the sidebar, the search box, the filter chips and each row's
 * checkbox. React's ids are unique and stable already (the swap is a leftover of server
 * rendering, which this app does not do): this module keeps them.
 *
 * Same contract as the original: an explicit id wins; otherwise `mantine-` plus React's id.
 */
const replacement = `
import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/:/g, '');
}
`;

const isMantineUseId = (id: string) =>
  /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/.test(id);

export function mantineUseId(): Plugin {
  return {
    name: 'kuvert:mantine-use-id',
    enforce: 'pre',
    load(id) {
      return isMantineUseId(id) ? replacement : null;
    },
  };
}
