import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface MediaStat {
  size: number;
  modifiedAt: Date;
}

/**
 * Where talks, videos and images live. The disk implementation serves MEDIA_DIR; an object-storage
 * implementation can replace it without touching the routes.
 */
export interface MediaStorage {
  /** null when the name is unsafe or no such file exists. */
  stat(name: string): Promise<MediaStat | null>;
  /** Bytes start..end inclusive, as a web stream. */
  read(name: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  /** Stores bytes under a safe name (folders are created). */
  write(name: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores a stream under a safe name without holding it in memory: written to a temporary file
   * beside it, renamed when complete; on any failure the temporary file is removed. Returns the size.
   */
  writeStream(name: string, source: AsyncIterable<Uint8Array>): Promise<number>;
  /** Removes a file; no error when it is already gone. */
  remove(name: string): Promise<void>;
  /** Every stored file's name, sorted; temporary files of writes under way are left out (backups). */
  list(): Promise<string[]>;
}

/** The temporary file `write` / `writeStream` keep beside a file until it is complete. */
const TEMPORARY_FILE = /\.\d+(-[0-9a-f]{8})?\.tmp$/;

/** A media name is a relative path of plain segments: no "..", no absolute path, no backslash, no NUL. */
export function isSafeMediaName(name: string): boolean {
  if (name.length === 0 || name.length > 512) return false;
  if (name.includes('\0') || name.includes('\\') || name.startsWith('/')) return false;
  return name.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..' && !seg.startsWith('.'));
}

export function createDiskMediaStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const resolve = (name: string): string | null => {
    if (!isSafeMediaName(name)) return null;
    const full = path.resolve(base, name);
    return full.startsWith(base + path.sep) ? full : null;
  };
  return {
    async stat(name) {
      const full = resolve(name);
      if (!full) return null;
      try {
        const stats = await fs.promises.stat(full);
        return stats.isFile() ? { size: stats.size, modifiedAt: stats.mtime } : null;
      } catch {
        return null;
      }
    },
    read(name, range) {
      const full = resolve(name);
      if (!full) throw new Error(`unsafe media name: ${name}`);
      const stream = fs.createReadStream(full, range ? { start: range.start, end: range.end } : {});
      return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    },
    async write(name, bytes) {
      const full = resolve(name);
      if (!full) throw new Error(`unsafe media name: ${name}`);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${full}.${process.pid}.tmp`;
      await fs.promises.writeFile(temp, bytes);
      await fs.promises.rename(temp, full);
    },
    async writeStream(name, source) {
      const full = resolve(name);
      if (!full) throw new Error(`unsafe media name: ${name}`);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const temp = `${full}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await pipeline(source, fs.createWriteStream(temp));
        const { size } = await fs.promises.stat(temp);
        await fs.promises.rename(temp, full);
        return size;
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
    async remove(name) {
      const full = resolve(name);
      if (full) await fs.promises.rm(full, { force: true });
    },
    async list() {
      let entries: string[];
      try {
        entries = (await fs.promises.readdir(base, { recursive: true })) as string[];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const names: string[] = [];
      for (const entry of entries) {
        const name = entry.split(path.sep).join('/');
        if (!isSafeMediaName(name) || TEMPORARY_FILE.test(name)) continue;
        const stats = await fs.promises.lstat(path.join(base, entry)).catch(() => null);
        if (stats?.isFile()) names.push(name);
      }
      return names.sort();
    },
  };
}
