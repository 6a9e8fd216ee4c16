/** Long enough to read the notification and reach its Undo, as for letters and uploads. */
export const UNDO_TIMEOUT_MS = 8000;
