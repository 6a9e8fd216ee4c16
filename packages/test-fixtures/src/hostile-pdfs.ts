import { createDeflate, deflateRawSync } from 'node:zlib';

/**
 * Hostile documents for the tests, generated here rather than kept as files. Each PDF is a
 * few objects with a correct cross-reference table, so it parses as a PDF and only its
 * content attacks.
 */

type PdfObject = string | Buffer;

/** A PDF from numbered objects (object 1 the catalog), with a correct xref table. */
export function buildPdf(objects: PdfObject[]): Buffer {
  const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const parts: Buffer[] = [header];
  let length = header.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

function stream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const PAGE =
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>';

function textContent(text: string): Buffer {
  return stream('', Buffer.from(`BT /F1 24 Tf 72 720 Td (${text}) Tj ET`, 'latin1'));
}

/** One page saying `text`, with `catalogExtra` added to the catalog: the benign base. */
export function plainPdf(text = 'Hello from a plain PDF', catalogExtra = ''): Buffer {
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE,
    textContent(text),
    FONT,
  ]);
}

/**
 * One page whose content stream inflates to `inflatedBytes` of spaces. zlib's best ratio is
 * about 1:1000, so the default gigabyte makes a PDF of about one megabyte. Built as a stream,
 * so the test never holds the inflated bytes either.
 */
export function decompressionBombPdf(inflatedBytes = 1024 * 1024 * 1024): Promise<Buffer> {
  // A second or so to build; every test of a file shares it.
  let bomb = bombs.get(inflatedBytes);
  if (!bomb) {
    bomb = buildDecompressionBomb(inflatedBytes);
    bombs.set(inflatedBytes, bomb);
  }
  return bomb;
}

const bombs = new Map<number, Promise<Buffer>>();

async function buildDecompressionBomb(inflatedBytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(16 * 1024 * 1024, 0x20);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let written = 0; written < inflatedBytes; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, inflatedBytes - written));
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE,
    stream('/Filter /FlateDecode', Buffer.concat(compressed)),
    FONT,
  ]);
}

/** Its page tree claims `claimedPages`, but it has one page. */
export function pageCountLiePdf(claimedPages = 1_000_000): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count ${claimedPages} >>`,
    PAGE,
    textContent('One page only'),
    FONT,
  ]);
}

/**
 * A million real pages in 12 KB: the root has a thousand kids that are one shared subtree,
 * whose thousand kids are one shared page. A reader that walks every page walks a million.
 */
const thousand = (ref: string) => `[${` ${ref}`.repeat(1000)}]`;

export function millionPagesPdf(): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids ${thousand('6 0 R')} /Count 1000000 >>`,
    '<< /Type /Page /Parent 6 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    textContent('Page'),
    FONT,
    `<< /Type /Pages /Parent 2 0 R /Kids ${thousand('3 0 R')} /Count 1000 >>`,
  ]);
}

/** Runs JavaScript when opened. */
export function javaScriptPdf(): Buffer {
  return plainPdf('Open me', '/OpenAction << /S /JavaScript /JS (app.alert\\("owned"\\);) >> ');
}

/** The same, with the action's name hex-escaped in lower case, as readers still accept. */
export function escapedJavaScriptPdf(): Buffer {
  return plainPdf('Open me', '/OpenAction << /S /#4aavaScript /#4aS (app.alert\\(1\\);) >> ');
}

/** Starts a program from a link on its page. */
export function launchActionPdf(): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [6 0 R] >>',
    textContent('Click here'),
    FONT,
    '<< /Type /Annot /Subtype /Link /Rect [72 700 300 740] /A << /S /Launch /F (calc.exe) >> >>',
  ]);
}

/** Carries a file inside it. */
export function embeddedFilePdf(): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(invoice.exe) 6 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    PAGE,
    textContent('See attachment'),
    FONT,
    '<< /Type /Filespec /F (invoice.exe) /EF << /F 7 0 R >> >>',
    stream('/Type /EmbeddedFile', Buffer.from('MZ not really a program')),
  ]);
}

/** An HTML page with `%PDF-` in its first kilobyte, as a PDF's name would claim. */
export function htmlPretendingToBePdf(): Buffer {
  return Buffer.from(
    '<!doctype html>\n<html><!-- %PDF-1.7 --><body><script>alert(document.cookie)</script></body></html>\n',
  );
}

/** A ZIP archive whose first entry is named `%PDF-1.7.txt`, so `%PDF-` is in its first bytes. */
export function zipPretendingToBePdf(): Buffer {
  const name = Buffer.from('%PDF-1.7.txt');
  const data = deflateRawSync(Buffer.from('not a pdf'));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(9, 22);
  local.writeUInt16LE(name.length, 26);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([local, name, data, end]);
}
