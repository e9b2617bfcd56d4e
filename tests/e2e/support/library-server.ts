import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, waitUntilUp } from './processes.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface LibraryServer {
  child: ChildProcess;
  baseURL: string;
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code once it has ended. */
  exited: Promise<number | null>;
}

/**
 * The built server (build/server/main.js) on a free port, with the data folder and database `env`
 * names (SQLite in DATA_DIR unless DATABASE_URL says otherwise; no demo content unless asked).
 * It is up once `readyPath` answers 2xx: `/readyz` (the database answers) unless a test waits
 * for a page. `port` when others must know the address before it starts (a login provider's callback).
 * `build`: another build folder than the project's (a next deploy: tests/e2e/support/next-deploy.ts).
 */
export async function startLibraryServer(
  env: Record<string, string>,
  options: { readyPath?: string; port?: number; build?: string } = {},
): Promise<LibraryServer> {
  const { readyPath = '/readyz' } = options;
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(options.build ?? path.join(root, 'build'), 'server', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      IMPORT_DEMO_CONTENT: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitUntilUp(
      'The server',
      async () => (await fetch(`${baseURL}${readyPath}`)).ok,
      child,
      () => output,
    );
  } catch (error) {
    child.kill('SIGKILL'); // it never came up: nothing of it may outlive the test
    throw error;
  }
  return { child, baseURL, port, output: () => output, exited };
}

/** Runs a command-line task of the project (server/cli/…) with tsx; never throws on a failing exit. */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join('server', 'cli', script), ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
