// Ceph's radosgw on this machine, for the S3 tests (docs/decisions/0029): a one-node Ceph cluster
// of Debian 12's packages (one monitor, one OSD keeping its objects in memory, radosgw), on free
// ports, in a folder of its own, without authentication between its daemons (it listens on
// 127.0.0.1 only), and one S3 user with a fresh key pair.
//
//   node scripts/radosgw.mjs start     # prints TEST_S3_ENDPOINT=…, TEST_S3_ACCESS_KEY_ID=…, TEST_S3_SECRET_ACCESS_KEY=…
//   node scripts/radosgw.mjs stop      # stops its daemons and removes its folder
//
// With those three variables set, tests/support/s3-server.ts gives each test a new bucket on it
// instead of starting s3rver. The OSD holds at most 2 GiB, in memory: everything is gone at stop.
// Installs ceph-mon, ceph-osd, radosgw and ceph-common with apt when missing and root.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const dir = process.env.RADOSGW_DIR ?? path.join(os.tmpdir(), 'phap-bao-radosgw');
const conf = path.join(dir, 'ceph.conf');
const PACKAGES = { '/usr/bin/ceph-mon': 'ceph-mon', '/usr/bin/ceph-osd': 'ceph-osd', '/usr/bin/radosgw': 'radosgw' };

const run = (command, args) =>
  execFileSync(command, ['-c', conf, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });

/** Starts a daemon in the background, its output in the folder's log, and remembers its process id. */
function daemon(command, args) {
  const log = fs.openSync(path.join(dir, `${command}.out`), 'a');
  const child = spawn(command, ['-c', conf, '-f', ...args], { detached: true, stdio: ['ignore', log, log] });
  child.unref();
  fs.appendFileSync(path.join(dir, 'pids'), `${child.pid}\n`);
}

async function waitFor(what, check, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not yet.
    }
    if (Date.now() > until) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s (logs in ${dir})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function ensurePackages() {
  const missing = Object.entries(PACKAGES)
    .filter(([file]) => !fs.existsSync(file))
    .map(([, name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`Missing: sudo apt-get install -y ${missing.join(' ')} ceph-common`);
  console.error(`Installing Debian’s ${missing.join(', ')} with apt-get…`);
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing, 'ceph-common'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function start() {
  if (fs.existsSync(path.join(dir, 'pids'))) throw new Error(`already started in ${dir}: stop it first`);
  ensurePackages();
  const started = performance.now();
  fs.mkdirSync(path.join(dir, 'mon', 'ceph-a'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'osd', 'ceph-0'), { recursive: true });
  const [mon2, mon1, rgw] = [await freePort(), await freePort(), await freePort()];
  const fsid = crypto.randomUUID();
  const monHost = `[v2:127.0.0.1:${mon2},v1:127.0.0.1:${mon1}]`;
  fs.writeFileSync(
    conf,
    `[global]
fsid = ${fsid}
mon host = ${monHost}
public addr = 127.0.0.1
ms bind ipv6 = false
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc
ms client mode = crc
osd objectstore = memstore
memstore device bytes = 2147483648
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
run dir = ${dir}
admin socket = ${dir}/$name.asok
log file = ${dir}/$name.log
keyring = ${dir}/keyring
mon data = ${dir}/mon/$cluster-$id
osd data = ${dir}/osd/$cluster-$id
[client.rgw.test]
rgw frontends = beast endpoint=127.0.0.1:${rgw}
`,
  );
  fs.writeFileSync(path.join(dir, 'keyring'), '');
  execFileSync('monmaptool', ['--create', '--addv', 'a', monHost, '--fsid', fsid, path.join(dir, 'monmap')], {
    stdio: 'ignore',
  });
  run('ceph-mon', ['--mkfs', '-i', 'a', '--monmap', path.join(dir, 'monmap')]);
  daemon('ceph-mon', ['-i', 'a']);
  await waitFor('the monitor', () => run('ceph', ['--connect-timeout', '5', 'health']).length > 0);
  const osd = run('ceph', ['osd', 'create']).trim();
  run('ceph-osd', ['-i', osd, '--mkfs']);
  daemon('ceph-osd', ['-i', osd]);
  await waitFor('the OSD', () => /1 up/.test(run('ceph', ['osd', 'stat'])));
  daemon('radosgw', ['-n', 'client.rgw.test']);
  const endpoint = `http://127.0.0.1:${rgw}`;
  await waitFor('radosgw', async () => (await fetch(endpoint)).ok);
  const accessKey = `PHAPBAO${crypto.randomBytes(7).toString('hex').toUpperCase()}`;
  const secretKey = crypto.randomBytes(24).toString('hex');
  run('radosgw-admin', [
    'user',
    'create',
    '--uid=phap-bao-test',
    '--display-name=Pháp Bảo tests',
    `--access-key=${accessKey}`,
    `--secret-key=${secretKey}`,
  ]);
  console.error(
    `radosgw answers at ${endpoint} (${((performance.now() - started) / 1000).toFixed(1)} s; folder ${dir})`,
  );
  console.log(`TEST_S3_ENDPOINT=${endpoint}`);
  console.log(`TEST_S3_ACCESS_KEY_ID=${accessKey}`);
  console.log(`TEST_S3_SECRET_ACCESS_KEY=${secretKey}`);
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stop() {
  const pidFile = path.join(dir, 'pids');
  const pids = fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number) : [];
  // The daemons this script started, newest first, each by its own process id; the folder goes
  // once they have exited (the OSD writes its store out as it stops).
  for (const pid of pids.reverse()) if (alive(pid)) process.kill(pid, 'SIGTERM');
  const until = Date.now() + 30_000;
  while (pids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
  console.error(`stopped ${pids.length} daemons; removed ${dir}`);
}

const command = process.argv[2];
if (command === 'start') {
  start().catch((error) => {
    console.error(`radosgw: ${error.message}`);
    process.exit(1);
  });
} else if (command === 'stop') {
  await stop();
} else {
  console.error('usage: node scripts/radosgw.mjs start|stop');
  process.exit(2);
}
