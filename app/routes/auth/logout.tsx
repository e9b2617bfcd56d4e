import { redirect } from 'react-router';
import { clearedSessionCookie, readSessionToken } from '#app/lib/session.server.ts';
import type { Route } from './+types/logout';

/** Logging out revokes the session and returns to the home page. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = readSessionToken(request);
  if (token) await context.services.auth.logout(token);
  return redirect('/', { headers: { 'Set-Cookie': clearedSessionCookie(request) } });
}

export function loader() {
  return redirect('/');
}
