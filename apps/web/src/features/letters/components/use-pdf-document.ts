import { getDocument } from 'pdfjs-dist';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';

export type PdfLoadState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; document: PDFDocumentProxy };

/** Fetches the PDF (with the session's cookie) and opens it with pdf.js; closed on unmount. */
export function usePdfDocument(url: string): PdfLoadState {
  const [state, setState] = useState<PdfLoadState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const tasks: PDFDocumentLoadingTask[] = [];
    (async () => {
      const response = await fetch(url, { credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) throw new Error(`PDF ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      // Documents are hostile: XFA forms (HTML built from the file) stay off, whatever the default.
      const task = getDocument({ data, enableXfa: false });
      tasks.push(task);
      const loaded = await task.promise;
      if (controller.signal.aborted) return;
      setState({ status: 'ready', document: loaded });
    })().catch(() => {
      if (!controller.signal.aborted) setState({ status: 'error' });
    });
    return () => {
      controller.abort();
      for (const task of tasks) void task.destroy();
    };
  }, [url]);
  return state;
}
