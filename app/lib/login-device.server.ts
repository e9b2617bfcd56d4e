import type { AppLoadContext } from 'react-router';
import { readCookie } from './session.server.ts';

/**
 * A long-lived HttpOnly cookie that marks a browser which has logged in to an account before:
 * such a browser skips the account's growing delay after wrong passwords (server/services/login-throttle.ts).
 */
export const DEVICE_COOKIE = 'pb_device';
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60; // the longest lifetime browsers keep

export function readDeviceToken(request: Request): string | null {
  return readCookie(request, DEVICE_COOKIE) ?? null;
}

/** After a successful password login or sign-up: the Set-Cookie for a new device secret, or null. */
export async function rememberLoginDevice(
  request: Request,
  context: AppLoadContext,
  userId: number,
): Promise<string | null> {
  const secret = await context.services.auth.rememberDevice(userId, readDeviceToken(request));
  if (!secret) return null;
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${secret}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`;
}
