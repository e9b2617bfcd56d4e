// `npm test`: everything, in order — typecheck, lint, unit and API tests (SQLite and PostgreSQL:
// when no server answers at 127.0.0.1:5432, a temporary one is started for the run), then a
// production build and the browser tests in Debian's Chromium.
// Ends with one line "tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemTools } from './ensure-system-tools.mjs';
import { freePort } from './free-port.mjs';
import { answers, startTemporaryPostgres } from './temporary-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, 'test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${title} (${seconds} s)`);
  if (!ok) failures.push(title);
  return ok;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return false;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  return true;
}

function vitest(title, projects, reportName) {
  const report = path.join(resultsDir, `${reportName}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const ok = run(title, bin('vitest'), args);
  if (!countVitest(report)) failed += 1;
  return ok;
}

if (run('Route types', bin('react-router'), ['typegen'])) run('Typecheck', bin('tsc'), ['--noEmit']);
run('Lint', bin('eslint'), ['--max-warnings', '0', '.']);
run('Format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);

// Chromium, pdftotext (the PDF test of the API tests reads its text back), nginx and Java.
let chromiumReady = true;
try {
  process.env.CHROME_PATH = ensureSystemTools();
} catch (error) {
  chromiumReady = false;
  failures.push(`System tools: ${error.message}`);
  failed += 1;
}
// Both engines on every machine: CI machines may have no PostgreSQL running.
// TEST_TEMPORARY_POSTGRES=1 takes that path even where a server answers (on a free port, the
// running server untouched), to try what a fresh CI machine does.
let postgres = null;
const forceTemporary = process.env.TEST_TEMPORARY_POSTGRES === '1';
if (
  forceTemporary ||
  (!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL && !(await answers('127.0.0.1', 5432)))
) {
  const port = forceTemporary ? await freePort() : 5432;
  console.log(
    forceTemporary
      ? `\n━━ TEST_TEMPORARY_POSTGRES=1: starting a temporary PostgreSQL on port ${port}`
      : '\n━━ No PostgreSQL at 127.0.0.1:5432: starting a temporary one',
  );
  try {
    postgres = await startTemporaryPostgres({ port });
    // Every test process (API, browser) makes its databases there.
    process.env.TEST_DATABASE_URL = postgres.url;
    const stopPostgres = () => postgres?.stop();
    process.on('exit', stopPostgres);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
  } catch (error) {
    failures.push(`PostgreSQL: ${error.message}`);
    failed += 1;
  }
}
vitest('Unit and API tests', ['unit', 'api'], 'unit-api');

// `--no-browser`: stop after the unit and API tests (the browser suite takes 15 minutes and more).
const browser = !process.argv.includes('--no-browser');
if (browser && chromiumReady && run('Build', process.execPath, [path.join(root, 'scripts', 'build.mjs')])) {
  vitest('Browser tests', ['e2e'], 'e2e');
}

console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
