// A throw-away PostgreSQL cluster of Debian's postgresql package, in a temporary folder: for
// `npm test` when no server answers at 127.0.0.1:5432 (CI machines), and for the tests and the
// bench that need clusters of their own (a primary and its streaming replica). initdb refuses to
// run as root: as root, the cluster belongs to the `postgres` user the package made. The shared
// server of a developer's machine is never touched.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BASE = '/usr/lib/postgresql';

/** The newest installed server's bin folder; Debian's postgresql package is installed when missing and we are root. */
export function postgresBinDir() {
  const find = () =>
    fs.existsSync(BASE)
      ? fs
          .readdirSync(BASE)
          .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(BASE, v, 'bin', 'initdb')))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => path.join(BASE, v, 'bin'))[0]
      : undefined;
  let dir = find();
  if (!dir) {
    if (process.getuid?.() !== 0) {
      throw new Error('PostgreSQL is not installed: run `sudo apt-get install -y postgresql`.');
    }
    console.log('Installing Debian’s postgresql with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
    dir = find();
    if (!dir) throw new Error('apt-get ran, but initdb is still missing.');
  }
  return dir;
}

/** Does something accept TCP connections at host:port? */
export function answers(host, port, timeoutMs = 800) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Runs a PostgreSQL program, as `postgres` when we are root. */
function runAs(asPostgres, file, args) {
  const [command, commandArgs] = asPostgres ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}

/**
 * Starts a cluster on 127.0.0.1:`port` (trust authentication, user `postgres`, a database
 * `test`). `replicaOf`: instead of initdb, a copy of that running cluster made with pg_basebackup,
 * started as its streaming replica (hot standby). `settings`: more `-c name=value` for the server.
 * Returns its address and `stop()`, which stops it and removes the folder.
 */
export async function startTemporaryPostgres({ port, replicaOf, settings = {} } = {}) {
  const bin = postgresBinDir();
  const asPostgres = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-pg-'));
  const data = path.join(dir, 'data');
  if (asPostgres) {
    const owner = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, owner('-u'), owner('-g'));
  }
  const stop = () => {
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        runAs(asPostgres, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // Already gone: only the folder is left to remove.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (replicaOf) {
      runAs(asPostgres, path.join(bin, 'pg_basebackup'), [
        ...['-h', '127.0.0.1', '-p', String(replicaOf.port), '-U', 'postgres'],
        ...['-D', data, '-R', '-X', 'stream', '--checkpoint=fast'],
      ]);
    } else {
      runAs(asPostgres, path.join(bin, 'initdb'), [
        ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
      ]);
    }
    const options = {
      port: String(port),
      listen_addresses: '127.0.0.1',
      unix_socket_directories: dir,
      fsync: 'off',
      ...settings,
    };
    const serverArgs = Object.entries(options)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    runAs(asPostgres, path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      serverArgs,
      '-w',
      'start',
    ]);
    if (!replicaOf) {
      runAs(asPostgres, path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'test']);
    }
  } catch (error) {
    const log = path.join(dir, 'server.log');
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, 'utf8').slice(-2000)}` : '';
    stop();
    throw new Error(`${error.message}${detail}`, { cause: error });
  }
  return { port, url: `postgres://postgres@127.0.0.1:${port}/test`, dir, stop };
}
