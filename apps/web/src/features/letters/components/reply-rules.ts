/** "Re: " once, however often a thread goes back and forth. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^(re|aw|sv):\s/iu.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

export interface AttachmentCheck {
  accepted: File[];
  /** Names of files over the size limit (left out). */
  tooLarge: string[];
  /** More files than allowed were picked (the extra ones left out). */
  overLimit: boolean;
}

/** Keeps the files within the limits, in the order they were picked, and says what it dropped. */
export function checkAttachments(
  files: readonly File[],
  maxBytes: number,
  maxCount: number,
): AttachmentCheck {
  const tooLarge: string[] = [];
  const fitting = files.filter((file) => {
    if (file.size <= maxBytes) return true;
    tooLarge.push(file.name);
    return false;
  });
  return {
    accepted: fitting.slice(0, maxCount),
    tooLarge,
    overLimit: fitting.length > maxCount,
  };
}
