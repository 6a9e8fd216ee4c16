export { looksLikeVcard, readVcards, type ReadVcards, type VcardContact } from './read.ts';
export { escapeVcardText, foldVcardLine, writeVcards, type VcardOutput } from './write.ts';
