import { UploadsView } from '../../features/uploads/components/uploads-view.tsx';

export function Component() {
  return <UploadsView />;
}
