/** "Re: " once, however often a thread goes back and forth. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^(re|aw|sv):\s/iu.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

export interface AttachmentLimits {
  maxBytes: number;
  maxCount: number;
  /** MIME types that may be sent (a file the browser cannot type is refused too). */
  types: readonly string[];
}

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
 * so a refused file is never listed as attached.
 */
export function checkAttachments(
  files: readonly File[],
  limits: AttachmentLimits,
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
  return {
    accepted: fitting.slice(0, limits.maxCount),
    wrongType,
    tooLarge,
    overLimit: fitting.length > limits.maxCount,
  };
}
