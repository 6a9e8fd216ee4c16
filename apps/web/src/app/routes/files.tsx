import { CaseFilesView } from '../../features/case-files/components/case-files-view.tsx';

export function Component() {
  return <CaseFilesView />;
}
