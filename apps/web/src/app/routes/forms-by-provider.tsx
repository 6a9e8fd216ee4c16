import { FormProvidersView } from '../../features/forms/browse/form-providers-view.tsx';

export function Component() {
  return <FormProvidersView />;
}
