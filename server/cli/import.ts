/**
 * npm run import -- PATH [--dry-run] [--draft]
 * Imports a file or a folder tree into the library: .epub, .docx and .md become books; .mp3 become
 * talks (with the .vtt or .srt of the same name as transcript; the folder's name is the
 * collection). Shows progress, then a summary; running it again changes nothing. Exit code 1 when
 * a file failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { openMediaStorage } from '#server/media/open-media-storage.ts';
import {
  IMPORTABLE_EXTENSIONS,
  TRANSCRIPT_EXTENSIONS,
  type ImportOutcome,
  type ImportStatus,
} from '#server/services/import.service.ts';
import { createServices } from '#server/services/index.ts';

/** How the audit log names an import run at the server's shell. */
const COMMAND_LINE = { id: null, displayName: 'Lệnh nhập (npm run import)' };

interface Candidate {
  file: string;
  /** As shown in the summary: relative to what was given. */
  label: string;
  collection: string;
}

/** Every importable file under `root` (or `root` itself), in a stable order. */
function findFiles(root: string): Candidate[] {
  const stat = fs.statSync(root);
  if (stat.isFile()) {
    return [{ file: root, label: path.basename(root), collection: path.basename(path.dirname(path.resolve(root))) }];
  }
  const found: Candidate[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.isFile() &&
        (IMPORTABLE_EXTENSIONS as readonly string[]).includes(path.extname(entry.name).toLowerCase())
      ) {
        found.push({ file: full, label: path.relative(root, full), collection: path.basename(dir) });
      }
    }
  };
  walk(root);
  return found;
}

/** The .vtt (or else .srt) beside an .mp3, read as text. */
function transcriptBeside(file: string): { name: string; text: string } | null {
  const stem = file.slice(0, -path.extname(file).length);
  for (const extension of TRANSCRIPT_EXTENSIONS) {
    for (const candidate of [stem + extension, stem + extension.toUpperCase()]) {
      if (fs.existsSync(candidate)) return { name: path.basename(candidate), text: fs.readFileSync(candidate, 'utf8') };
    }
  }
  return null;
}

function progress(done: number, total: number, label: string) {
  if (!process.stderr.isTTY) return;
  const width = 28;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  const name = label.length > 40 ? `…${label.slice(-39)}` : label;
  process.stderr.write(`\r${bar} ${done}/${total} ${name}`.padEnd(process.stderr.columns || 100));
}

const STATUS_LABELS: Record<ImportStatus, string> = {
  added: 'thêm mới',
  updated: 'cập nhật',
  skipped: 'bỏ qua',
  failed: 'thất bại',
};

function printSummary(outcomes: ImportOutcome[], dryRun: boolean) {
  const count = (status: ImportStatus) => outcomes.filter((o) => o.status === status).length;
  console.log('');
  console.log(dryRun ? 'Chạy thử (không ghi gì):' : 'Kết quả:');
  for (const status of ['added', 'updated', 'skipped', 'failed'] as const) {
    console.log(`  ${STATUS_LABELS[status].padEnd(9)} ${count(status)}`);
  }
  for (const outcome of outcomes) {
    if (outcome.status === 'skipped') continue;
    const what = outcome.title ? ` — ${outcome.title}` : '';
    const why = outcome.reason ? ` (${outcome.reason})` : '';
    console.log(`  [${STATUS_LABELS[outcome.status]}] ${outcome.file}${what}${why}`);
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, draft: { type: 'boolean', default: false } },
  });
  const root = positionals[0];
  if (!root || !fs.existsSync(root)) {
    throw new Error('Cách dùng: npm run import -- ĐƯỜNG_DẪN [--dry-run] [--draft] (một tệp hoặc một thư mục).');
  }
  const candidates = findFiles(root);
  const env = loadEnv();
  const database = openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqlitePath: path.join(env.DATA_DIR, 'phap-bao.sqlite'),
  });
  try {
    await migrateToLatest(database);
    const services = createServices({
      database,
      env,
      logger: createLogger('warn'),
      media: openMediaStorage(env),
      demoDir: path.resolve('data', 'demo'),
    });
    await services.searchIndexer.ensureCurrent();
    const outcomes: ImportOutcome[] = [];
    for (const [i, candidate] of candidates.entries()) {
      progress(i, candidates.length, candidate.label);
      const isTalk = path.extname(candidate.file).toLowerCase() === '.mp3';
      outcomes.push(
        await services.importer.importOne(
          {
            name: candidate.label,
            bytes: fs.readFileSync(candidate.file),
            transcript: isTalk ? transcriptBeside(candidate.file) : null,
            collection: candidate.collection,
          },
          { dryRun: values['dry-run'], draft: values.draft, actor: COMMAND_LINE },
        ),
      );
      if (!process.stderr.isTTY) {
        const last = outcomes[outcomes.length - 1]!;
        console.log(`${i + 1}/${candidates.length} ${candidate.label}: ${STATUS_LABELS[last.status]}`);
      }
    }
    progress(candidates.length, candidates.length, '');
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (candidates.length === 0) console.log('Không có tệp nào để nhập (.epub, .docx, .md, .mp3).');
    printSummary(outcomes, values['dry-run']);
    if (outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
  process.exit(1);
});
