/**
 * The contract between the web process and its processing children: which tasks exist, what
 * each takes and answers, and why one may fail. Imported by both sides; holds no behaviour.
 */
import type { DocumentTextFailure } from '@kuvert/shared/letters';

/** Limits a task runs under inside the child; the memory and time limits are the pool's. */
export interface DocumentLimits {
  /** A document with more pages is not read (a PDF "claiming a million pages"). */
  maxPages: number;
  /** Decompressed bytes of all non-image streams together (a decompression bomb). */
  maxInflatedBytes: number;
  /** Extracted text is cut here: enough for search over any real letter. */
  maxTextChars: number;
}

/** Active content Kuvert refuses in a PDF (README, "Hostile documents"). */
export const activeContentKinds = [
  'javascript',
  'launch',
  'embedded_files',
  'xfa',
  'rich_media',
] as const;
export type ActiveContentKind = (typeof activeContentKinds)[number];

export interface PdfInspection {
  pageCount: number;
  activeContent: ActiveContentKind[];
}

export interface PdfText {
  pageCount: number;
  /** Each page's text, pages separated by form feeds; cut at `maxTextChars`. */
  text: string;
}

export interface TaskMap {
  /** Does it parse as a PDF, how many pages, and what active content does it carry? */
  'pdf.inspect': { input: { bytes: Uint8Array; limits: DocumentLimits }; output: PdfInspection };
  /** The text of every page, within the limits. */
  'pdf.extract': { input: { bytes: Uint8Array; limits: DocumentLimits }; output: PdfText };
}
export type TaskName = keyof TaskMap;

export type FailureReason = DocumentTextFailure;

/** One call per task name, so a switch on `task` knows its input. */
export type TaskCall = {
  [Name in TaskName]: { task: Name; input: TaskMap[Name]['input'] };
}[TaskName];

export type TaskRequest = TaskCall & { id: number };

export type TaskResponse =
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; reason: FailureReason; message: string };

/**
 * A document broke a limit or could not be read; trying again gives the same answer. Thrown
 * in the child for what it sees itself, and by the pool for what it enforces (memory, time).
 */
export class ProcessingError extends Error {
  readonly reason: FailureReason;
  constructor(reason: FailureReason, message: string) {
    super(message);
    this.name = 'ProcessingError';
    this.reason = reason;
  }
}
