import type { ChildProcess } from 'node:child_process';

export { freePort } from '../../support/ports.ts';

/** Waits until `isUp` answers true, failing early with the log when `child` exits. */
export async function waitUntilUp(
  what: string,
  isUp: () => Promise<boolean>,
  child: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${log()}`);
    if (await isUp().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer within 60 s:\n${log()}`);
}

/** Sends SIGTERM and waits for the process to end. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await ended;
}
