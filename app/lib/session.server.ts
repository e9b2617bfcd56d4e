import { redirect } from 'react-router';
import { LOGIN_BINDING_COOKIE, SESSION_COOKIE_NAME, TOKEN_LIFETIME_SECONDS } from '#common/constants.ts';
import type { User } from '#common/contracts/auth.schema.ts';
import type { AppLoadContext } from 'react-router';

/**
 * The web app keeps the session token in an HttpOnly cookie so server-rendered pages know the
 * reader; the API itself reads only the x-token header.
 */
export const SESSION_COOKIE = SESSION_COOKIE_NAME;

/**
 * The raw value of a cookie of this request, whether or not it decodes. A browser sends whatever
 * was set, by this site or by anyone able to write its cookies, so a value is never trusted to decode.
 */
function rawCookie(request: Request, cookie: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookie) return rest.join('=');
  }
  return undefined;
}

/** A cookie's decoded value, or undefined when it is absent or does not decode. */
export function readCookie(request: Request, cookie: string): string | undefined {
  const raw = rawCookie(request, cookie);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The session token, or undefined when there is none or it is not a well-formed cookie value. */
export function readSessionToken(request: Request): string | undefined {
  return readCookie(request, SESSION_COOKIE);
}

/** True when the request carries a session cookie that cannot be read (a stray `%`): clear it then. */
export function hasMalformedSessionCookie(request: Request): boolean {
  return rawCookie(request, SESSION_COOKIE) !== undefined && readSessionToken(request) === undefined;
}

/** The secret of the social login this browser started (see LOGIN_BINDING_COOKIE). */
export function readLoginBinding(request: Request): string | undefined {
  return readCookie(request, LOGIN_BINDING_COOKIE);
}

export function clearedLoginBindingCookie(request: Request): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${LOGIN_BINDING_COOKIE}=; Path=/login; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

/** server/app.ts has already put the scheme the browser used into the URL (a trusted proxy's only). */
function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
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
