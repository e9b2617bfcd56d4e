import path from 'node:path';
import { readDocx } from '#server/import/docx.ts';
import { readEpub } from '#server/import/epub.ts';
import { ImportRefusal } from '#server/import/import-error.ts';
import type { ImportedBook } from '#server/import/imported-book.ts';
import { readMarkdown } from '#server/import/markdown.ts';
import type { ZipLimits } from '#server/import/safe-zip.ts';
import { readTalk, type ImportedTalk } from '#server/import/talk.ts';
import type { ImportInput } from './import-types.ts';

/**
 * Which reader reads which file (server/import/: EPUB, DOCX, Markdown, MP3): what changes when a
 * format is added. Nothing here writes.
 */

/** The files the importer reads; .vtt and .srt travel with the .mp3 of the same name. */
export const IMPORTABLE_EXTENSIONS = ['.epub', '.docx', '.md', '.mp3'] as const;
export const TRANSCRIPT_EXTENSIONS = ['.vtt', '.srt'] as const;

export const isImportable = (extension: string) => (IMPORTABLE_EXTENSIONS as readonly string[]).includes(extension);
export const isTranscript = (extension: string) => (TRANSCRIPT_EXTENSIONS as readonly string[]).includes(extension);

/** A talk for an .mp3, a book for the rest. */
export const kindOfExtension = (extension: string): 'book' | 'talk' => (extension === '.mp3' ? 'talk' : 'book');

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Bytes that are not what the file's name says are refused before any reader sees them. */
export function checkKind(extension: string, bytes: Buffer): void {
  if (bytes.length === 0) throw new ImportRefusal('Tệp rỗng (0 byte).');
  if ((extension === '.epub' || extension === '.docx') && !bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new ImportRefusal(`Tệp ${extension} này không phải gói ZIP: có lẽ là loại tệp khác bị đổi đuôi.`);
  }
  if (extension === '.md') {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ImportRefusal('Tệp .md này không phải văn bản UTF-8.');
    }
  }
}

/** The file's name without its extension, as a title when the file has none. */
export function fallbackTitleOf(name: string): string {
  return path.basename(name, path.extname(name)).replace(/[_-]+/g, ' ');
}

/** Reads one importable file with the reader of its format; a bad file throws an ImportRefusal. */
export async function readImportFile(
  input: ImportInput,
  zipLimits?: ZipLimits,
): Promise<{ kind: 'talk'; talk: ImportedTalk } | { kind: 'book'; book: ImportedBook }> {
  const extension = path.extname(input.name).toLowerCase();
  const fallbackTitle = fallbackTitleOf(input.name);
  checkKind(extension, input.bytes);
  if (kindOfExtension(extension) === 'talk') {
    return { kind: 'talk', talk: await readTalk(input.bytes, fallbackTitle, input.transcript?.text ?? null) };
  }
  const book =
    extension === '.epub'
      ? await readEpub(input.bytes, zipLimits)
      : extension === '.docx'
        ? await readDocx(input.bytes, fallbackTitle, zipLimits)
        : readMarkdown(input.bytes.toString('utf8'), fallbackTitle);
  return { kind: 'book', book };
}
