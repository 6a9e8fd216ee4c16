import { AddressBookView } from '../../features/contacts/components/address-book-view.tsx';

export function Component() {
  return <AddressBookView />;
}
