import type { ReactNode } from 'react';

/** An upload chosen for the merge: the CSV of recipients, or the PDF everyone gets. */
export interface PickedUpload {
  id: string;
  name: string;
}

/** The uploads area's picker (a feature never imports another: the route joins them). */
export interface UploadPickerOptions {
  opened: boolean;
  onClose: () => void;
  onPick: (uploads: Array<{ id: string; name: string }>) => void;
  accountId: string;
  accept: readonly string[];
  maxCount?: number;
  title?: string;
}
export type RenderUploadPicker = (options: UploadPickerOptions) => ReactNode;

/** A CSV on its way up through the uploads area's tus client. */
export interface CsvUploadState {
  name: string;
  status: 'uploading' | 'waiting' | 'paused' | 'checking' | 'done' | 'failed';
  /** 0–100. */
  percent: number;
  uploadId: string | null;
  /** Translated, when it failed. */
  error: string | null;
}

export interface CsvUploader {
  /** Starts uploading the file into the account's uploads. */
  start: (file: File) => void;
  /** The file last started, as it goes; null before. */
  current: CsvUploadState | null;
}
