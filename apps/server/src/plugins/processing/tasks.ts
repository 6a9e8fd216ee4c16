/**
 * The contract between the web process and its processing children: which tasks exist, what
 * each takes and answers, and why one may fail. Imported by both sides; holds no behaviour.
 */
import type { Language } from '@kuvert/shared/auth';
import type { DocumentTextFailure } from '@kuvert/shared/letters';
import type { SignatureMethod, SignatureStrokes, SignerStatus } from '@kuvert/shared/signatures';
import type { CsvDelimiter, CsvEncoding, UploadTable } from '@kuvert/shared/uploads';
import type { VcardContact } from '../../lib/vcard/index.ts';

/** Limits a task runs under inside the child; the memory and time limits are the pool's. */
export interface DocumentLimits {
  /** A document with more pages is not read (a PDF "claiming a million pages"). */
  maxPages: number;
  /** Decompressed bytes of all non-image streams together (a decompression bomb). */
  maxInflatedBytes: number;
  /** Extracted text is cut here: enough for search over any real letter. */
  maxTextChars: number;
  /**
   * Pixels of one image (a photo, or an image inside a PDF) that may be decoded; checked
   * from its header before decoding (a PNG claiming 50,000 × 50,000 pixels).
   */
  maxPixels: number;
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
  /** Encrypted (even with an empty password): readable, but Kuvert cannot seal a copy of it. */
  isEncrypted: boolean;
}

export interface PdfText {
  pageCount: number;
  /** Each page's text, pages separated by form feeds; cut at `maxTextChars`. */
  text: string;
}

/** Types of image Kuvert reads (judged again by content in the child). */
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];
export type ThumbnailSourceType = ImageContentType | 'application/pdf';

export interface Thumbnail {
  bytes: Uint8Array;
  contentType: 'image/webp';
  width: number;
  height: number;
}

export interface RecognisedPage {
  /** Pages of the document (1 for an image). */
  pageCount: number;
  /** What OCR read on the page. */
  text: string;
}

export interface DecodedTextFile {
  encoding: CsvEncoding;
  /** Detected for a CSV; null when not asked for. */
  delimiter: CsvDelimiter | null;
  /** Cut at `maxChars`. */
  text: string;
}

/** A whole CSV as read for a mail merge: the detection, and the rows as asked. */
export interface CsvReading extends UploadTable {
  detectedEncoding: CsvEncoding;
  detectedDelimiter: CsvDelimiter;
}

/** One signer as the sealed document shows them (stamp and audit-trail page). */
export interface SealSigner {
  name: string;
  email: string;
  status: SignerStatus;
  method: SignatureMethod | null;
  typedName: string | null;
  strokes: SignatureStrokes | null;
  signedAt: string | null;
  declinedAt: string | null;
  declinedReason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** How Kuvert knew it was them, e.g. `password`. */
  identifiedBy: string | null;
  /** For `verified_identity`: what their identity provider confirmed when they signed. */
  verifiedIdentity?: { issuer: string; acr: string | null; name: string | null } | null;
}

/** The seal certificate and its private key (PEM), with its issuers nearest first. */
export interface SealKey {
  privateKeyPem: string;
  certificatePem: string;
  chainPems: string[];
}

/**
 * Seal a completed or declined signature request: the documents (PDFs, in order) become one
 * PDF with each signature (or a "declined: reason" stamp) drawn on it and an audit-trail page
 * appended, signed once as PAdES (ETSI.CAdES.detached) with the seal key.
 */
export interface SealInput {
  documents: Array<{ filename: string; bytes: Uint8Array }>;
  outcome: 'completed' | 'declined';
  request: {
    id: string;
    subject: string;
    providerName: string;
    createdAt: string;
    dueDate: string;
  };
  signers: SealSigner[];
  /** The signers' language, written after the English on the added pages (pdf-seal-texts). */
  language: Language;
  /** ISO time written into the signature and the audit page. */
  sealedAt: string;
  seal: SealKey;
}

/**
 * What the sealing child gets: everything but the private key, which never enters a process
 * that parses documents. The child composes the PDF with the signature's room reserved; the web
 * process fills in /ByteRange and the CMS (pades-signature.ts).
 */
export type SealComposition = Omit<SealInput, 'seal'> & {
  /** Named on the audit-trail page, so a reader can compare it with what their reader shows. */
  sealCertificate: { commonName: string; fingerprint256: string };
  /** Bytes reserved for the CMS in /Contents. */
  contentsBytes: number;
  limits: DocumentLimits;
};

/** The composed PDF: /Contents all zeros, /ByteRange still the placeholder. */
export interface ComposedSeal {
  bytes: Uint8Array;
  pageCount: number;
  originalSha256: string[];
}

export interface SealedDocument {
  bytes: Uint8Array;
  /** Hex SHA-256 of `bytes`. */
  sha256: string;
  /**
   * Hex SHA-256 of the bytes the seal's /ByteRange covers (the digest the seal signed): the
   * file less the signature's /Contents. It names the sealed file whatever is written there.
   */
  signedSha256: string;
  pageCount: number;
  /** Hex SHA-256 of each original document, in order (as printed on the audit page). */
  originalSha256: string[];
}

/** One signature found in a PDF, as checked inside the processing child. */
export interface InspectedSignature {
  /** The signature dictionary's /SubFilter, e.g. ETSI.CAdES.detached. */
  subFilter: string | null;
  /** The signing certificate (PEM) and any certificates the CMS carried, when readable. */
  certificatePem: string | null;
  chainPems: string[];
  /** From the certificate's subject. */
  commonName: string | null;
  organisation: string | null;
  /** From the signature dictionary's /M or the CMS signing time. */
  signedAt: string | null;
  /** The CMS messageDigest equals the digest of the /ByteRange bytes. */
  isDigestValid: boolean;
  /** The CMS signature over its signed attributes verifies with the signing certificate. */
  isSignatureValid: boolean;
  /** The /ByteRange reaches the end of the file: nothing was appended after signing. */
  coversWholeFile: boolean;
  /**
   * /Contents holds the CMS and nothing but zeros after it. The room a signer reserves and
   * does not fill lies outside the /ByteRange: bytes written there change the file but no
   * digest, so they are a change the signature cannot show.
   */
  isPaddingIntact: boolean;
  /** Hex SHA-256 of the file up to the end of the /ByteRange (the signed revision). */
  signedRevisionSha256: string;
  /**
   * Hex SHA-256 of the bytes the /ByteRange covers (the file less /Contents): for a SHA-256
   * signature, what its digest is of. Null when the /ByteRange does not describe the file.
   */
  signedBytesSha256: string | null;
  /** Why the signature could not be read at all, in English for logs; null when read. */
  problem: string | null;
}

export interface SignatureInspection {
  signatures: InspectedSignature[];
}

/** Types an attachment of a printed letter may have. */
export type PrintAttachmentType = 'application/pdf' | 'image/png' | 'image/jpeg';

/**
 * A postal letter as printed (DIN 5008 Form B, A4): everything already in words, in the
 * sender's language, so the child only lays out and draws. Attachments follow the letter,
 * each beginning on a new page; without a body the first page is an address cover page.
 */
export interface PrintLetterInput {
  /** The sender block at the top right: their name, then their address lines. */
  senderLines: string[];
  /** The remark zone's bottom line (see `returnLine`). */
  returnLine: string;
  /** The address zone, top to bottom (see `postalAddressLines`); at most six. */
  addressLines: string[];
  /** The date as the sender writes it, e.g. "24. November 2026". */
  date: string;
  subject: string;
  /** Paragraphs separated by blank lines; empty for a cover page before the attachments. */
  body: string;
  /** On following pages, e.g. "Page {page} of {pages}". */
  pageLabel: string;
  attachments: Array<{ filename: string; contentType: PrintAttachmentType; bytes: Uint8Array }>;
  /** Written into the PDF's metadata, so the same letter gives the same bytes. */
  createdAt: string;
  limits: DocumentLimits;
}

export interface PrintedLetter {
  bytes: Uint8Array;
  pageCount: number;
}

/** One answer of a form receipt: the label and the answer, in words (either may hold \n). */
export interface FormPdfField {
  label: string;
  /** Empty: not answered (drawn as a dash). */
  answer: string;
}

/** A section of a form receipt; fields at the top level have no title. */
export interface FormPdfSection {
  title: string | null;
  fields: FormPdfField[];
}

/**
 * The PDF of a form submission (its receipt, and what the provider gets): everything already
 * in words, in the submitter's language, so the child only lays out and draws. A4, the title
 * and the facts (provider, time, reference) on top, then every section with each label and
 * answer, over as many pages as it needs, each page numbered.
 */
export interface FormPdfInput {
  /** Small line above the title, e.g. "Form submission". */
  heading: string;
  title: string;
  /** Under the title: provider, submitted at, reference, … as label and value. */
  facts: Array<{ label: string; value: string }>;
  sections: FormPdfSection[];
  /** At the foot of every page, left: e.g. the reference. */
  footer: string;
  /** At the foot of every page, right: e.g. "Page {page} of {pages}". */
  pageLabel: string;
  language: string;
  /** Written into the PDF's metadata: the time the answers were submitted. */
  createdAt: string;
  limits: DocumentLimits;
}

export interface TaskMap {
  /** Does it parse as a PDF, how many pages, and what active content does it carry? */
  'pdf.inspect': { input: { bytes: Uint8Array; limits: DocumentLimits }; output: PdfInspection };
  /** The text of every page, within the limits. */
  'pdf.extract': { input: { bytes: Uint8Array; limits: DocumentLimits }; output: PdfText };
  /** OCR (German and English) of a photo or scan. */
  'image.ocr': { input: { bytes: Uint8Array; limits: DocumentLimits }; output: RecognisedPage };
  /** One page of a PDF rendered as a scan and read by OCR. */
  'pdf.ocr-page': {
    input: { bytes: Uint8Array; page: number; limits: DocumentLimits };
    output: RecognisedPage;
  };
  /** A small picture of an image, or of a PDF's first page. */
  thumbnail: {
    input: { bytes: Uint8Array; contentType: ThumbnailSourceType; limits: DocumentLimits };
    output: Thumbnail;
  };
  /**
   * A text file's text, in `encoding` (detected when not given), and for `detectDelimiter` a
   * CSV's delimiter.
   */
  'text.decode': {
    input: {
      bytes: Uint8Array;
      encoding?: CsvEncoding;
      detectDelimiter: boolean;
      maxChars: number;
    };
    output: DecodedTextFile;
  };
  /** The first rows of a CSV, as detected or as asked. */
  'csv.preview': {
    input: {
      bytes: Uint8Array;
      /** False when `bytes` are only the start of the file. */
      isComplete: boolean;
      encoding?: CsvEncoding;
      delimiter?: CsvDelimiter;
      maxRows: number;
    };
    output: UploadTable;
  };
  /**
   * A whole CSV (a mail merge's recipients): what Kuvert detects, and the rows as asked (or as
   * detected), at most `maxRows` (`truncated` says when there are more).
   */
  'csv.read': {
    input: {
      bytes: Uint8Array;
      encoding?: CsvEncoding;
      delimiter?: CsvDelimiter;
      maxRows: number;
    };
    output: CsvReading;
  };
  /** The cards of a vCard file (2.1, 3.0, 4.0), at most `maxCards`. */
  'vcard.read': {
    input: { bytes: Uint8Array; maxCards: number };
    output: { cards: VcardContact[]; truncated: boolean };
  };
  /** Draw, append the audit trail, reserve the signature (see SealComposition). */
  'pdf.seal': { input: SealComposition; output: ComposedSeal };
  /** The print-ready PDF of a postal letter (see PrintLetterInput). */
  'letter.print': { input: PrintLetterInput; output: PrintedLetter };
  /** Print PDFs (made by `letter.print`) one after the other: a print batch for the operator. */
  'letter.combine': { input: { documents: Uint8Array[] }; output: PrintedLetter };
  /** The PDF of a form submission (see FormPdfInput). */
  'form.pdf': { input: FormPdfInput; output: PrintedLetter };
  /** Find and check every signature of any PDF (the verify page). */
  'pdf.signatures': {
    input: { bytes: Uint8Array; limits: DocumentLimits };
    output: SignatureInspection;
  };
}
export type TaskName = keyof TaskMap;

export type FailureReason = DocumentTextFailure;

/** One call per task name, so a switch on `task` knows its input. */
export type TaskCall = {
  [Name in TaskName]: { task: Name; input: TaskMap[Name]['input'] };
}[TaskName];

export type TaskRequest = TaskCall & { id: number };

/** `residentMb`: the child's memory once the task is done (see the pool's retiring). */
export type TaskResponse = { id: number; residentMb: number } & (
  { ok: true; output: unknown } | { ok: false; reason: FailureReason; message: string }
);

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
