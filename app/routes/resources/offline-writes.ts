import { data } from 'react-router';
import { OFFLINE_WRITE_MESSAGES, ZOfflineWriteSchema } from '#common/contracts/offline-write.schema.ts';
import { getCurrentUser } from '#app/lib/session.server.ts';
import { isAppError } from '#server/errors.ts';
import type { Route } from './+types/offline-writes';

/**
 * A write the reader made without a network, sent by the browser when it returns (decisions 0030
 * and 0039; app/lib/offline-write-queue.ts): a highlight, a note changed or deleted, a reading or
 * listening place. Sent twice, it is made once; sent late, it loses to a newer change. No page: answers JSON, refusals with a Vietnamese `errorMessage` (the browser then drops the write).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request, context);
  if (!user) return data({ errorMessage: OFFLINE_WRITE_MESSAGES.login }, { status: 401 });
  const body: unknown = await request.json().catch(() => null);
  const parsed = ZOfflineWriteSchema.safeParse(body);
  if (!parsed.success) return data({ errorMessage: OFFLINE_WRITE_MESSAGES.invalid }, { status: 400 });
  try {
    return { data: await context.services.offlineWrites.apply(user.id, parsed.data) };
  } catch (error) {
    if (isAppError(error)) return data({ errorMessage: error.message }, { status: error.status });
    throw error;
  }
}
