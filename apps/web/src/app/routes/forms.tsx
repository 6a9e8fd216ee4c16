import { FormsStartView } from '../../features/forms/browse/forms-start-view.tsx';

export function Component() {
  return <FormsStartView />;
}
