import { PDFArray, PDFDict, PDFName, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';
import type { ActiveContentKind } from './tasks.ts';

/**
 * Runs in a processing child. Finds active content by walking every object of the file,
 * wherever it hides (catalog, pages, annotations, form fields, object streams), so no
 * reader-specific entry point is missed.
 */

/** Keys whose mere presence means active content. */
const keyKinds: Record<string, ActiveContentKind> = {
  JS: 'javascript',
  JavaScript: 'javascript',
  EmbeddedFiles: 'embedded_files',
  EF: 'embedded_files',
  XFA: 'xfa',
  RichMediaContent: 'rich_media',
};

/** Action types (`/S`) that run code or open other files and programs. */
const actionKinds: Record<string, ActiveContentKind> = {
  JavaScript: 'javascript',
  Launch: 'launch',
  GoToR: 'launch',
  ImportData: 'launch',
  GoToE: 'embedded_files',
  RichMediaExecute: 'rich_media',
};

/** `/Type` or `/Subtype` values of embedded files and rich media. */
const typeKinds: Record<string, ActiveContentKind> = {
  EmbeddedFile: 'embedded_files',
  FileAttachment: 'embedded_files',
  RichMedia: 'rich_media',
};

/** Deep direct nesting stops the walk; pdf-lib's own parser cannot build much deeper. */
const MAX_DEPTH = 200;

/**
 * A name as readers see it. pdf-lib decodes `#4A` but leaves `#4a` as written, while
 * Acrobat and pdf.js decode both: `/#4aavaScript` must still count as `/JavaScript`.
 */
function nameOf(name: PDFName): string {
  return name
    .decodeText()
    .replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function kindOfName(object: PDFObject | undefined, table: Record<string, ActiveContentKind>) {
  return object instanceof PDFName ? table[nameOf(object)] : undefined;
}

function inspectDictionary(dictionary: PDFDict, found: Set<ActiveContentKind>): void {
  for (const [key, value] of dictionary.entries()) {
    const keyName = nameOf(key);
    const byKey = keyKinds[keyName];
    if (byKey) found.add(byKey);
    const byValue =
      keyName === 'S'
        ? kindOfName(value, actionKinds)
        : keyName === 'Type' || keyName === 'Subtype'
          ? kindOfName(value, typeKinds)
          : undefined;
    if (byValue) found.add(byValue);
  }
}

function walk(object: PDFObject, found: Set<ActiveContentKind>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const dictionary = object instanceof PDFStream ? object.dict : object;
  if (dictionary instanceof PDFDict) {
    inspectDictionary(dictionary, found);
    for (const [, value] of dictionary.entries()) walk(value, found, depth + 1);
  } else if (dictionary instanceof PDFArray) {
    for (let index = 0; index < dictionary.size(); index += 1) {
      walk(dictionary.get(index), found, depth + 1);
    }
  }
}

/** Every kind of active content in the document, in a stable order. */
export function findActiveContent(context: PDFContext): ActiveContentKind[] {
  const found = new Set<ActiveContentKind>();
  for (const [, object] of context.enumerateIndirectObjects()) walk(object, found, 0);
  return [...found].toSorted();
}
