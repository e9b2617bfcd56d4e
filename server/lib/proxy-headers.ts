import net from 'node:net';

/** localhost, 127.x.x.x or ::1 (with or without brackets): a name only this machine answers to. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/**
 * The reader's address behind `trustedProxies` proxies: each proxy appends the address it was
 * connected from to X-Forwarded-For, so the entry that many places from the right is the last one
 * a proxy of ours wrote; everything to its left is the client's own word. A header too short for
 * that (or not an address there) means the request did not come through all the proxies: the
 * socket's address then stands.
 */
export function clientAddressOf(
  forwardedFor: string | undefined,
  trustedProxies: number,
  socketAddress: string | undefined,
): string | undefined {
  if (forwardedFor === undefined) return socketAddress;
  const entries = forwardedFor.split(',').map((entry) => entry.trim());
  const candidate = entries.length >= trustedProxies ? entries[entries.length - trustedProxies] : undefined;
  return candidate && net.isIP(candidate) ? candidate : socketAddress;
}

const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The first value of a header a proxy may have written as a list (`a, b`). */
function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/**
 * The URL the browser asked for. Behind a proxy that terminates TLS the socket sees
 * `http://127.0.0.1:3000/…`; React Router compares a form's Origin with this URL and
 * app/lib/session.server.ts marks the cookie Secure from it. Taken from X-Forwarded-Proto and
 * X-Forwarded-Host when the proxy is trusted and sent them, else from PUBLIC_URL, else as it came.
 */
export function browserUrlOf(
  rawUrl: string,
  headers: Headers,
  settings: { publicUrl: string | undefined; trustProxy: boolean },
): string {
  const url = new URL(rawUrl);
  const path = url.pathname + url.search;
  if (settings.trustProxy) {
    const proto = firstValue(headers.get('x-forwarded-proto'))?.toLowerCase();
    const host = firstValue(headers.get('x-forwarded-host'));
    const scheme = proto === 'https' || proto === 'http' ? proto : undefined;
    const validHost = host && HOST_PATTERN.test(host) ? host : undefined;
    if (scheme || validHost)
      return new URL(`${scheme ?? url.protocol.slice(0, -1)}://${validHost ?? url.host}${path}`).href;
  }
  if (settings.publicUrl) return new URL(`${new URL(settings.publicUrl).origin}${path}`).href;
  return rawUrl;
}

/** `request` with another URL: same method, headers, body (streamed, not read) and signal. */
export function withUrl(request: Request, url: string): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    redirect: request.redirect,
    duplex: 'half',
  };
  return new Request(url, init);
}
