import { SMTPServer } from 'smtp-server';

/** A mail as the catcher received it, with its parts decoded. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const joined = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < joined.length; i++) {
        const hex = joined.slice(i + 1, i + 3);
        if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(joined[i]!, 'latin1'));
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      // The raw mail was read as latin1 (one character a byte): 8bit text is UTF-8.
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

/** Encoded words of a header (RFC 2047), as nodemailer writes them. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Reads a single-part or multipart/alternative mail (what nodemailer sends for text + html). */
export function parseMail(raw: string, to: string[] = []): CaughtMail {
  const { headers, body } = splitHeaders(raw);
  const mail: CaughtMail = { to, subject: decodeHeader(headers.get('subject') ?? ''), text: '', html: '', raw };
  const parts: { headers: Map<string, string>; body: string }[] = [];
  const boundary = headers.get('content-type')?.match(/boundary="?([^";]+)"?/)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      parts.push(splitHeaders(chunk.replace(/^\r?\n/, '')));
    }
  } else parts.push({ headers, body });
  for (const part of parts) {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    if (type.startsWith('text/html')) mail.html = decoded;
    else if (type.startsWith('text/plain')) mail.text = decoded;
  }
  return mail;
}

export interface MailCatcher {
  port: number;
  mails: CaughtMail[];
  /** Holds each mail this long before accepting it (a slow mail server). */
  delayMs: number;
  /** The first mail to `address` received from now on that matches, within `timeoutMs`. */
  next(address: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port of 127.0.0.1 (no TLS, no login) that keeps what it receives,
 * for the account-recovery tests. `onMail` sees each mail as it arrives.
 */
export async function startMailCatcher(onMail?: (mail: CaughtMail) => void): Promise<MailCatcher> {
  const waiters: { address: string; resolve: (mail: CaughtMail) => void }[] = [];
  const catcher: MailCatcher = {
    port: 0,
    mails: [],
    delayMs: 0,
    next(address, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const waiter = { address: address.toLowerCase(), resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'), to);
        mail.raw = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          catcher.mails.push(mail);
          onMail?.(mail);
          for (const waiter of [...waiters]) {
            if (to.includes(waiter.address)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        }, catcher.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  catcher.port = (server.server.address() as { port: number }).port;
  return catcher;
}

/** The reset link in a mail's text. */
export function resetLinkOf(mail: CaughtMail): URL {
  const match = mail.text.match(/https?:\/\/\S+\/dat-lai-mat-khau\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(match[0]);
}
