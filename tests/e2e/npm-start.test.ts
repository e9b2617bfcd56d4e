import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, stopProcess } from './support/processes.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

// Here, not in tests/api: the global setup has built the site, so `npm start` starts without building.
describe('npm start', () => {
  it('ends with one plain line saying where the site is, and little else', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-start-'));
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        IMPORT_DEMO_CONTENT: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address line within 60 s:\n${output}`)), 60_000);
        child.stdout!.on('data', (d: Buffer) => {
          output += d.toString();
          const match = output.match(/^Pháp Bảo đang chạy tại (http:\/\/localhost:\d+)$/m);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      expect((await fetch(`${url}/api/v1/public/search/keywords`)).status).toBe(200);
      // Besides the JSON log lines, the address line is the only one.
      const plain = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
      expect(plain).toEqual([`Pháp Bảo đang chạy tại ${url}`]);
    } finally {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('with WORKERS=2 runs two worker processes on one port, starts one again when it dies, and stops them all on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phap-bao-start-workers-'));
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        IMPORT_DEMO_CONTENT: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const workers = () =>
      execFileSync('ps', ['--ppid', String(child.pid), '-o', 'pid='], { encoding: 'utf8' })
        .split('\n')
        .map((l) => Number(l.trim()))
        .filter((n) => n > 0);
    const waitFor = async (what: string, ok: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!ok()) {
        if (Date.now() > deadline) throw new Error(`${what} within 30 s:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address line within 60 s:\n${output}`)), 60_000);
        child.stdout!.on('data', (d: Buffer) => {
          output += d.toString();
          const match = output.match(/^Pháp Bảo đang chạy tại (http:\/\/localhost:\d+) \(2 tiến trình\)$/m);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      await waitFor('two workers', () => workers().length === 2);
      const first = workers();
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      // One worker dies: the primary starts another, and the port answers on.
      process.kill(first[0]!, 'SIGKILL');
      await waitFor('a worker started again', () => workers().length === 2 && !workers().includes(first[0]!));
      const ready = () =>
        fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) }).then(
          (r) => r.status === 200,
          () => false,
        );
      const deadline = Date.now() + 30_000;
      // (Killed before the second one listened, the port is closed until its replacement listens.)
      while (!(await ready())) {
        if (Date.now() > deadline) throw new Error(`the port did not answer again within 30 s:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      for (let i = 0; i < 4; i++) {
        expect((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
      }
      expect(workers()).toContain(first[1]);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const last = workers();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of last) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
