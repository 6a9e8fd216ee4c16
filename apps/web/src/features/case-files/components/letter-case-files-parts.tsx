/*
 * What case files add to the mailbox's screens, in one chunk fetched after the page renders:
 * the letter page's files and suggestions, and the "Add to a file" dialog. One chunk, so what
 * the two share (the contract's schemas, the calls, the colours) stays out of the portal's
 * first load and out of `portal-more` (see vite/chunk-groups.ts).
 */
export { AddToFileDialog } from './add-to-file-dialog.tsx';
export { LetterCaseFiles } from './letter-case-files.tsx';
export { LetterFileSuggestion } from './letter-file-suggestion.tsx';
