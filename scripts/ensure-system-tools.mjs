// The tests use these Debian programs: Chromium (browser tests), poppler's pdftotext (the note-group
// PDF is read back), nginx (the site behind a TLS-terminating proxy, set up as docs/deploy.md
// says), Java (the W3C Nu HTML checker of the vnu-jar package, tests/e2e/html-validity.test.ts),
// speech-dispatcher with its eSpeak NG module (Chromium's Vietnamese voices for the read-aloud,
// tests/e2e/read-aloud.test.ts), EPUBCheck (the books' EPUB files, tests/api/opds-epub.test.ts) and
// the Noto CJK fonts (the Chinese of quote cards, set by Pango through fontconfig: the project ships
// no CJK font, decision 0045; server/export/quote-card.test.ts fails on missing-glyph boxes).
// When one is missing and we are root, install it with apt (never download a browser or a binary
// any other way); otherwise say what to do.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TOOLS = [
  {
    name: 'Chromium',
    package: 'chromium',
    paths: [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'],
  },
  { name: 'pdftotext', package: 'poppler-utils', paths: ['/usr/bin/pdftotext'] },
  { name: 'nginx', package: 'nginx', paths: ['/usr/sbin/nginx'] },
  { name: 'Java', package: 'default-jre-headless', paths: ['/usr/bin/java'] },
  { name: 'speech-dispatcher', package: 'speech-dispatcher', paths: ['/usr/bin/speech-dispatcher'] },
  {
    name: 'speech-dispatcher’s eSpeak NG voices',
    package: 'speech-dispatcher-espeak-ng',
    paths: ['/usr/lib/speech-dispatcher-modules/sd_espeak-ng'],
  },
  { name: 'EPUBCheck', package: 'epubcheck', paths: ['/usr/share/java/epubcheck.jar'] },
  {
    name: 'Noto Serif CJK',
    package: 'fonts-noto-cjk',
    paths: ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc'],
  },
];

const present = (tool) => tool.paths.filter(Boolean).find((p) => fs.existsSync(p));

/** Makes sure the tools are installed; returns Chromium's path. Throws with advice when it cannot. */
export function ensureSystemTools() {
  const missing = TOOLS.filter((tool) => !present(tool));
  if (missing.length > 0) {
    const packages = missing.map((tool) => tool.package);
    if (process.getuid?.() !== 0) {
      throw new Error(
        `Missing: ${missing.map((t) => t.name).join(', ')}. Install with \`sudo apt-get install -y ${packages.join(' ')}\`.`,
      );
    }
    console.log(`Installing Debian’s ${packages.join(' and ')} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    const still = TOOLS.filter((tool) => !present(tool));
    if (still.length > 0) throw new Error(`apt-get ran, but ${still.map((t) => t.name).join(', ')} is still missing.`);
  }
  return present(TOOLS[0]);
}

/**
 * pg_dump and pg_restore, for the backup tests on PostgreSQL (npm run backup / restore): Debian's
 * postgresql-client, installed with apt when missing and we are root. Returns pg_dump's path.
 */
export function ensurePostgresClient() {
  const tool = {
    name: 'pg_dump',
    package: 'postgresql-client',
    paths: ['/usr/bin/pg_dump', ...listPostgresBinaries('pg_dump')],
  };
  if (!present(tool)) {
    if (process.getuid?.() !== 0) {
      throw new Error('Missing: pg_dump. Install with `sudo apt-get install -y postgresql-client`.');
    }
    console.log('Installing Debian’s postgresql-client with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql-client'], { stdio: 'inherit', env });
    tool.paths.push(...listPostgresBinaries('pg_dump'));
    if (!present(tool)) throw new Error('apt-get ran, but pg_dump is still missing.');
  }
  return present(tool);
}

/**
 * redis-server, for the tests of the shared limits with REDIS_URL (decision 0038) on a machine
 * where no Redis answers: Debian's redis-server, installed with apt when missing and we are root.
 * Returns its path.
 */
export function ensureRedisServer() {
  const tool = { name: 'redis-server', package: 'redis-server', paths: ['/usr/bin/redis-server'] };
  if (!present(tool)) {
    if (process.getuid?.() !== 0) {
      throw new Error('Missing: redis-server. Install with `sudo apt-get install -y redis-server`.');
    }
    console.log('Installing Debian’s redis-server with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'inherit', env });
    if (!present(tool)) throw new Error('apt-get ran, but redis-server is still missing.');
  }
  return present(tool);
}

/** /usr/lib/postgresql/<version>/bin/<name> for each version installed, newest first. */
function listPostgresBinaries(name) {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => `${base}/${v}/bin/${name}`);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureSystemTools());
