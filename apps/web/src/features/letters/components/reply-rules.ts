import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  REPLY_ATTACHMENT_TYPES,
} from '@kuvert/shared/letters';

/** "Re: " once, however often a thread goes back and forth. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^(re|aw|sv):\s/iu.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

export interface AttachmentLimits {
  maxBytes: number;
  /** Files from the computer and uploads together. */
  maxCount: number;
  /** MIME types that may be sent (a file the browser cannot type is refused too). */
  types: readonly string[];
}

/** What a reply may carry. */
export const REPLY_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  maxCount: MAX_ATTACHMENTS,
  types: REPLY_ATTACHMENT_TYPES,
};

export interface AttachmentCheck {
  accepted: File[];
  /** Names of files of a type that cannot be sent (left out). */
  wrongType: string[];
  /** Names of files over the size limit (left out). */
  tooLarge: string[];
  /** More files than allowed were picked (the extra ones left out). */
  overLimit: boolean;
}

/**
 * Keeps the files that can be sent, in the order they were picked, and names what it dropped,
 * so a refused file is never listed as attached. `otherAttachments` (uploads already chosen)
 * count towards the limit.
 */
export function checkAttachments(
  files: readonly File[],
  limits: AttachmentLimits,
  otherAttachments = 0,
): AttachmentCheck {
  const wrongType: string[] = [];
  const tooLarge: string[] = [];
  const fitting = files.filter((file) => {
    if (!limits.types.includes(file.type)) {
      wrongType.push(file.name);
      return false;
    }
    if (file.size > limits.maxBytes) {
      tooLarge.push(file.name);
      return false;
    }
    return true;
  });
  const room = Math.max(0, limits.maxCount - otherAttachments);
  return {
    accepted: fitting.slice(0, room),
    wrongType,
    tooLarge,
    overLimit: fitting.length > room,
  };
}

/** What a reply needs to know of an upload to attach it. */
export interface AttachableUpload {
  id: string;
  name: string;
  content_type: string;
  size: number;
  trashed_at: string | null;
}

/** Why an upload cannot go with a reply: its type, its size, or it lies in the trash. */
export type UploadRefusal = 'type' | 'size' | 'trashed';

export function uploadRefusal(
  upload: AttachableUpload,
  limits: AttachmentLimits,
): UploadRefusal | null {
  if (upload.trashed_at !== null) return 'trashed';
  if (!limits.types.includes(upload.content_type)) return 'type';
  if (upload.size > limits.maxBytes) return 'size';
  return null;
}

export interface UploadAddition<T extends AttachableUpload> {
  uploads: T[];
  /** Names of uploads that cannot be sent, with why (left out). */
  refused: { name: string; reason: UploadRefusal }[];
  /** More were chosen than the limit leaves room for (the extra ones left out). */
  overLimit: boolean;
}

/**
 * Adds chosen uploads after those already attached, each once, as far as the limit allows
 * beside the `otherAttachments` (files from the computer).
 */
export function addUploads<T extends AttachableUpload>(
  attached: readonly T[],
  chosen: readonly T[],
  limits: AttachmentLimits,
  otherAttachments = 0,
): UploadAddition<T> {
  const refused: UploadAddition<T>['refused'] = [];
  const seen = new Set(attached.map(({ id }) => id));
  const fresh = chosen.filter((upload) => {
    if (seen.has(upload.id)) return false;
    seen.add(upload.id);
    const reason = uploadRefusal(upload, limits);
    if (reason !== null) refused.push({ name: upload.name, reason });
    return reason === null;
  });
  const room = Math.max(0, limits.maxCount - otherAttachments - attached.length);
  return {
    uploads: [...attached, ...fresh.slice(0, room)],
    refused,
    overLimit: fresh.length > room,
  };
}
