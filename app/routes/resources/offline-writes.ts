import { data } from 'react-router';
import { OFFLINE_WRITE_MESSAGES, ZOfflineWriteSchema } from '#common/contracts/offline-write.schema.ts';
import { getCurrentUser } from '#app/lib/session.server.ts';
import { isAppError } from '#server/errors.ts';
import type { Route } from './+types/offline-writes';

/**
 * A write the reader made without a network, sent by the browser when it returns (decision 0030;
 * app/lib/offline-write-queue.ts). Sent twice, it is made once: the note carries its browser-made id.
 * No page: answers JSON, refusals with a Vietnamese `errorMessage` (the browser then drops the write).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request, context);
  if (!user) return data({ errorMessage: OFFLINE_WRITE_MESSAGES.login }, { status: 401 });
  const body: unknown = await request.json().catch(() => null);
  const parsed = ZOfflineWriteSchema.safeParse(body);
  if (!parsed.success) return data({ errorMessage: OFFLINE_WRITE_MESSAGES.invalid }, { status: 400 });
  const { clientId, note } = parsed.data;
  try {
    const made = await context.services.notes.create(user.id, { ...note, clientId });
    return { data: { noteId: made.id } };
  } catch (error) {
    if (isAppError(error)) return data({ errorMessage: error.message }, { status: error.status });
    throw error;
  }
}
