import { ContactPicker } from '../features/contacts/index.ts';
import type { RenderContactPicker } from '../features/outbox/components/compose-types.ts';

/*
 * Where the address book and compose meet (a feature never imports another): "from the
 * address book" on the compose page searches the contacts area's picker. Only contacts a
 * letter can reach are offered: a Kuvert user, a provider or a complete postal address.
 */
export const renderComposeContactPicker: RenderContactPicker = ({ accountId, onPick, label }) => (
  <ContactPicker
    accountId={accountId}
    onPick={onPick}
    label={label}
    filter={(contact) => contact.digital !== null || contact.has_postal_address}
  />
);
