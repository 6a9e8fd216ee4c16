/**
 * What other pages may use of the address book (the compose page picks recipients here).
 * Routes compose features; features do not import each other.
 */
export { ContactPicker, type ContactPickerProps } from './components/contact-picker.tsx';
export { contactTitle } from './hooks/contact-fields.ts';
