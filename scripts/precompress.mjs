// Writes `<file>.br` (brotli quality 11) and `<file>.gz` (gzip level 9) beside every text asset of
// a folder, for server/http/compression.ts to serve as they are: the best compression costs
// seconds per megabyte, paid once at build time instead of on every request. A variant that would
// not be smaller is not written. Run by scripts/build.mjs on build/client/assets.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats Vite emits; fonts and images are compressed already, source maps are not served to readers. */
const TEXT_ASSET = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest)$/i;
const MIN_BYTES = 1024; // smaller files go out as they are (server/http/compression.ts has the same threshold)

/** Compresses the text files of `dir` (not recursive: Vite's assets folder is flat); returns totals. */
export async function precompressDir(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const names = fs.readdirSync(dir).filter((name) => TEXT_ASSET.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const data = await fs.promises.readFile(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      totals.files++;
      totals.bytes += data.length;
      if (br.length < data.length) {
        await fs.promises.writeFile(`${file}.br`, br);
        totals.br += br.length;
      }
      if (gz.length < data.length) {
        await fs.promises.writeFile(`${file}.gz`, gz);
        totals.gz += gz.length;
      }
    }),
  );
  return totals;
}
