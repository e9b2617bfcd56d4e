import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopProcess } from './support/processes.ts';

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
});
