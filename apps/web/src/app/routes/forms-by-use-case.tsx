import { FormUseCasesView } from '../../features/forms/browse/form-use-cases-view.tsx';

export function Component() {
  return <FormUseCasesView />;
}
