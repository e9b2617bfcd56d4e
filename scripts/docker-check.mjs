// Builds the image from `Dockerfile` and starts `compose.yaml` (the app with WORKERS=2, PostgreSQL
// 15, nginx) under a project name of its own, then checks it as a reader would, through nginx:
// /readyz, the home page, a Chinese look-up (the Unihan file is in the image), the container's
// HEALTHCHECK, and a graceful stop (exit code 0). Prints the time each step took, then removes the
// containers and volumes (`--keep` leaves them running); the images stay, as the next run's build
// cache (`docker image prune` reclaims the space). docs/deploy.md, "Containers".
//
// Needs a running Docker daemon and Compose (`docker compose`, or Debian's `docker-compose`); run as
// root or a member of the `docker` group. Not part of `npm test`: it takes minutes and a daemon.
//
// Where Docker Hub cannot be reached (or with `--stand-ins`), the official base images are replaced
// by stand-ins made here from Debian's own packages (deploy/local-images/): Debian 12 made with
// debootstrap from the Debian mirror and `docker import`, this machine's Node 20 (which must be a
// Linux build that runs on Debian 12), Debian's PostgreSQL 15 and nginx. The Dockerfile and
// compose.yaml are the same; only their image variables change.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = new Set(process.argv.slice(2));
const keep = args.has('--keep');
const STAND_INS = {
  debian: 'phap-bao-local/debian:bookworm',
  node: 'phap-bao-local/node:20-bookworm',
  postgres: 'phap-bao-local/postgres:15-bookworm',
  nginx: 'phap-bao-local/nginx:bookworm',
};
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';

const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const say = (line) => console.log(`[docker-check ${seconds(started)} s] ${line}`);

function run(command, commandArgs, options = {}) {
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
}
/** Runs a long command with its output shown, resolving when it exits 0. */
function stream(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')} exited ${code}`)),
    );
  });
}
const succeeds = (command, commandArgs) => {
  try {
    run(command, commandArgs, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const imageExists = (name) => succeeds('docker', ['image', 'inspect', name]);

async function waitFor(what, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not yet: connection refused while the containers start.
    }
    if (Date.now() > until) throw new Error(`${what}: still not there after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Debian 12 from the Debian mirror: debootstrap into a folder, then `docker import`. */
async function makeDebianImage() {
  if (!fs.existsSync('/usr/sbin/debootstrap')) {
    if (process.getuid?.() !== 0) throw new Error('debootstrap is missing: sudo apt-get install -y debootstrap');
    say('installing Debian’s debootstrap with apt-get');
    run('apt-get', ['install', '-y', '-qq', 'debootstrap'], { stdio: 'inherit' });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-rootfs-'));
  try {
    say(`debootstrap bookworm from ${DEBIAN_MIRROR}`);
    await stream('debootstrap', ['--variant=minbase', 'bookworm', dir, DEBIAN_MIRROR], { stdio: 'ignore' });
    await stream('sh', ['-c', `tar -C "${dir}" -c . | docker import - ${STAND_INS.debian}`]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** This machine's Node (binary, npm, corepack, headers for native modules) on the Debian image. */
async function makeNodeImage() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  const wanted = [
    path.join('bin', 'node'),
    path.join('bin', 'npm'),
    path.join('bin', 'npx'),
    path.join('bin', 'corepack'),
    path.join('lib', 'node_modules', 'npm'),
    path.join('lib', 'node_modules', 'corepack'),
    path.join('include', 'node'),
  ].filter((p) => fs.existsSync(path.join(prefix, p)));
  const context = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-node-image-'));
  try {
    // The image's Node sits in /usr, wherever this machine keeps it.
    // (S: the links' targets, relative, stay as they are.)
    run('tar', ['-C', prefix, '--transform', 's,^,usr/,S', '-cf', path.join(context, 'node.tar'), ...wanted]);
    const ca = path.join(context, 'ca');
    fs.mkdirSync(ca);
    const extra = '/usr/local/share/ca-certificates';
    for (const file of fs.existsSync(extra) ? fs.readdirSync(extra) : []) {
      if (file.endsWith('.crt')) fs.copyFileSync(path.join(extra, file), path.join(ca, file));
    }
    await stream('docker', [
      'build',
      '-q',
      '-t',
      STAND_INS.node,
      '--build-arg',
      `DEBIAN_IMAGE=${STAND_INS.debian}`,
      '-f',
      path.join(root, 'deploy', 'local-images', 'node.Dockerfile'),
      context,
    ]);
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
}

async function makeStandIns() {
  if (!imageExists(STAND_INS.debian) || args.has('--rebuild')) await makeDebianImage();
  if (!imageExists(STAND_INS.node) || args.has('--rebuild')) await makeNodeImage();
  for (const name of ['postgres', 'nginx']) {
    if (imageExists(STAND_INS[name]) && !args.has('--rebuild')) continue;
    const dir = path.join(root, 'deploy', 'local-images');
    await stream('docker', [
      'build',
      '-q',
      '-t',
      STAND_INS[name],
      '--build-arg',
      `DEBIAN_IMAGE=${STAND_INS.debian}`,
      '-f',
      path.join(dir, `${name}.Dockerfile`),
      dir,
    ]);
  }
}

async function main() {
  if (!succeeds('docker', ['info'])) {
    throw new Error(
      'No Docker daemon answers (`docker info` fails): start one (`sudo systemctl start docker`, or `sudo dockerd &`).',
    );
  }
  const compose = succeeds('docker', ['compose', 'version'])
    ? ['docker', 'compose']
    : succeeds('docker-compose', ['version'])
      ? ['docker-compose']
      : null;
  if (!compose) throw new Error('No Compose: install the compose plugin, or Debian’s docker-compose.');
  const hubReachable = await dns.lookup('registry-1.docker.io').then(
    () => true,
    () => false,
  );
  const standIns = args.has('--stand-ins') || !hubReachable;
  say(
    `load ${load()}; ${compose.join(' ')}; base images: ${standIns ? `stand-ins from Debian (Docker Hub ${hubReachable ? 'not used' : 'unreachable'})` : 'official'}`,
  );
  if (standIns) {
    const t = performance.now();
    await makeStandIns();
    say(`stand-in images ready in ${seconds(t)} s`);
  }

  // A copy of the working tree (what git would commit), with an .env of its own.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-docker-check-'));
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  for (const file of files) fs.cpSync(path.join(root, file), path.join(work, file), { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    POSTGRES_PASSWORD: crypto.randomBytes(16).toString('hex'),
    HTTP_PORT: String(port),
    PUBLIC_URL: origin,
    ...(standIns && {
      NODE_IMAGE: STAND_INS.node,
      NODE_RUNTIME_IMAGE: STAND_INS.node,
      POSTGRES_IMAGE: STAND_INS.postgres,
      NGINX_IMAGE: STAND_INS.nginx,
    }),
  };
  fs.writeFileSync(
    path.join(work, '.env'),
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
  const project = 'phap-bao-check';
  const composeRun = (more, options) =>
    stream(compose[0], [...compose.slice(1), '-p', project, ...more], { cwd: work, ...options });
  const containerOf = (service) =>
    run(compose[0], [...compose.slice(1), '-p', project, 'ps', '-q', service], { cwd: work }).trim();

  try {
    let t = performance.now();
    await composeRun(['build', '-q']);
    say(`app image built in ${seconds(t)} s (load ${load()})`);
    t = performance.now();
    await composeRun(['up', '-d']);
    await waitFor('/readyz through nginx', async () => (await fetch(`${origin}/readyz`)).status === 200, 600_000);
    say(`compose up → /readyz 200 through nginx in ${seconds(t)} s`);

    const home = await fetch(`${origin}/`);
    const html = await home.text();
    if (home.status !== 200 || !html.includes('<html')) throw new Error(`/ answered ${home.status}`);
    const lookup = await fetch(`${origin}/api/v1/public/dictionary/lookup?text=${encodeURIComponent('心')}`);
    if (lookup.status !== 200) throw new Error(`a Chinese look-up answered ${lookup.status}`);
    const login = await fetch(`${origin}/api/v1/public/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'khach-la', password: 'sai-mat-khau' }),
    });
    if (login.status !== 401) throw new Error(`a wrong login answered ${login.status}, not 401`);
    say('home page 200, Chinese look-up 200, wrong login 401 (through nginx, PostgreSQL behind)');

    const app = containerOf('app');
    await waitFor(
      'the app container’s HEALTHCHECK',
      () => run('docker', ['inspect', '-f', '{{.State.Health.Status}}', app]).trim() === 'healthy',
      240_000,
    );
    t = performance.now();
    await composeRun(['stop', 'app'], { stdio: 'ignore' });
    const exitCode = run('docker', ['inspect', '-f', '{{.State.ExitCode}}', app]).trim();
    if (exitCode !== '0') throw new Error(`the app container stopped with exit code ${exitCode}`);
    say(`HEALTHCHECK healthy; docker stop: exit code 0 in ${seconds(t)} s`);
    const image = run('docker', ['inspect', '-f', '{{.Image}}', app]).trim();
    const size = run('docker', ['image', 'inspect', '-f', '{{.Size}}', image]).trim();
    say(`image ${(Number(size) / 1e6).toFixed(0)} MB; all checks passed (load ${load()})`);
  } finally {
    if (keep) {
      say(`left running: cd ${work} && ${compose.join(' ')} -p ${project} down -v`);
    } else {
      await composeRun(['down', '-v'], { stdio: 'ignore' }).catch(() => {});
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(`docker-check: ${error.message}`);
  process.exit(1);
});
