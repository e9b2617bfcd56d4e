import { redirect } from 'react-router';
import { TOKEN_LIFETIME_SECONDS } from '#common/constants.ts';
import type { User } from '#common/contracts/auth.schema.ts';
import type { AppLoadContext } from 'react-router';

/**
 * The web app keeps the session token in an HttpOnly cookie so server-rendered pages know the
 * reader; the API itself reads only the x-token header.
 */
export const SESSION_COOKIE = 'pb_token';

export function readSessionToken(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

export function sessionCookie(token: string, request: Request): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${TOKEN_LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearedSessionCookie(request: Request): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/** The reader of this request, or null. */
export async function getCurrentUser(request: Request, context: AppLoadContext): Promise<User | null> {
  return context.services.auth.authenticate(readSessionToken(request));
}

/** For logged-in-only pages: anonymous readers go to /login and come back afterwards. */
export async function requireCurrentUser(request: Request, context: AppLoadContext): Promise<User> {
  const user = await getCurrentUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search }).toString()}`);
  }
  return user;
}

/** Who is asking (for rate limits): the client address is not known here, the user agent is. */
export function requestMetaOf(request: Request, context: AppLoadContext) {
  return { ip: context.clientIp, userAgent: request.headers.get('user-agent') };
}
