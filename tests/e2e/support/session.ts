import type { BrowserContext } from 'playwright-core';
import { newReader, type Reader } from '../../factories/reader.ts';

/** Signs up a fresh reader through the API and puts the session cookie into the browser context. */
export async function loginAs(context: BrowserContext, baseURL: string): Promise<Reader & { token: string }> {
  const reader = newReader();
  const res = await fetch(`${baseURL}/api/v1/public/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, confirmPassword: reader.password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { token: string } };
  await context.addCookies([{ name: 'pb_token', value: data.token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return { ...reader, token: data.token };
}
