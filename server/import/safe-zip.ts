import yauzl from 'yauzl';
import { ImportRefusal } from './import-error.ts';

/** What a ZIP (EPUB, DOCX) may hold before it is refused as hostile or absurd. */
export interface ZipLimits {
  maxEntries: number;
  /** Of one entry, uncompressed. */
  maxEntryBytes: number;
  /** Of all entries together, uncompressed (a zip bomb expands far past it). */
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
};

/** An entry name that stays inside the archive's own folder (no "..", no absolute path, no drive). */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return false;
  if (name.includes('\\') || name.includes('\0')) return false;
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return false;
  return name.split('/').every((part) => part !== '..');
}

/**
 * Reads every file entry of a ZIP held in memory, refusing the whole archive when an entry would
 * escape its folder, when there are too many entries, or when the content expands past the
 * limits — counted on the bytes actually inflated, not only on what the archive declares.
 */
export function readZip(bytes: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false },
      (openError, zip) => {
        if (openError || !zip) {
          reject(new ImportRefusal('Tệp không phải là một gói ZIP hợp lệ (EPUB và DOCX đều là gói ZIP).'));
          return;
        }
        const files = new Map<string, Buffer>();
        let count = 0;
        let total = 0;
        let settled = false;
        const fail = (message: string) => {
          if (settled) return;
          settled = true;
          zip.close();
          reject(new ImportRefusal(message));
        };
        zip.on('error', (error: Error) => {
          // yauzl stops at names that climb out of the archive ("../x") or are absolute ("/x").
          const escape = /invalid relative path|absolute path/i.exec(error.message);
          fail(
            escape
              ? `Gói chứa mục trỏ ra ngoài thư mục của nó (${error.message.replace(/^.*?: /, '')}): không nhập.`
              : 'Gói ZIP bị hỏng hoặc không đọc được.',
          );
        });
        zip.on('end', () => {
          if (settled) return;
          settled = true;
          resolve(files);
        });
        zip.on('entry', (entry: yauzl.Entry) => {
          count += 1;
          if (count > limits.maxEntries) return fail(`Gói có hơn ${limits.maxEntries} mục: không nhập.`);
          if (!isSafeEntryName(entry.fileName)) {
            return fail(`Gói chứa mục “${entry.fileName}” trỏ ra ngoài thư mục của nó: không nhập.`);
          }
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          if (entry.uncompressedSize > limits.maxEntryBytes || total + entry.uncompressedSize > limits.maxTotalBytes) {
            return fail('Gói giải nén ra quá lớn (nghi là “bom nén”): không nhập.');
          }
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return fail('Gói ZIP bị hỏng hoặc không đọc được.');
            const chunks: Buffer[] = [];
            let size = 0;
            stream.on('data', (chunk: Buffer) => {
              size += chunk.length;
              total += chunk.length;
              if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) {
                stream.destroy();
                fail('Gói giải nén ra quá lớn (nghi là “bom nén”): không nhập.');
                return;
              }
              chunks.push(chunk);
            });
            stream.on('error', () => fail('Gói ZIP bị hỏng: một mục không giải nén được.'));
            stream.on('end', () => {
              if (settled) return;
              files.set(entry.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}
