import type { RenderReplyUploadPicker } from '../features/letters/components/reply-dialog.tsx';
import { UploadPicker } from '../features/uploads/components/upload-picker.tsx';

/*
 * Where letters and uploads meet (a feature never imports another): a reply attaches the
 * account's uploads through the uploads area's picker.
 */

/** The reply dialog's "attach from my uploads". */
export const renderReplyUploadPicker: RenderReplyUploadPicker = (props) => (
  <UploadPicker {...props} />
);
