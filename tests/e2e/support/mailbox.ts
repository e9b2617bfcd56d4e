import fs from 'node:fs';

export interface MailboxEntry {
  to: string[];
  subject: string;
  text: string;
}

function readMailbox(file: string): MailboxEntry[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailboxEntry);
}

/**
 * The mails to `address` the site has sent (tests/e2e/global-setup.ts writes them); waits until
 * there are more than `after` of them.
 */
export async function waitForMail(file: string, address: string, after = 0, timeoutMs = 10_000): Promise<MailboxEntry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readMailbox(file).filter((m) => m.to.includes(address.toLowerCase()));
    if (mails.length > after) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
