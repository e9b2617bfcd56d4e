import { redirect } from 'react-router';
import { isAppError } from '#server/errors.ts';

/** True when the upload came from the page's XMLHttpRequest (it asks for JSON). */
export function wantsJson(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('application/json');
}

/**
 * Runs an upload and answers the page's XMLHttpRequest with `{ok, message, fields?}` and the
 * service's status; a plain form post (`fallback` set) goes back to the page instead.
 */
export async function uploadAnswerOf(
  work: () => Promise<{ message: string; back: string }>,
  fallback: string | null,
): Promise<Response> {
  try {
    const done = await work();
    if (fallback !== null) return redirect(done.back, 303);
    return Response.json({ ok: true, message: done.message });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (fallback !== null) return redirect(fallback, 303);
    return Response.json({ ok: false, message: error.message, fields: error.fields ?? {} }, { status: error.status });
  }
}
