import { TrashView } from '../../features/trash/components/trash-view.tsx';

export function Component() {
  return <TrashView />;
}
