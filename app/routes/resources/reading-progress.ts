import { data } from 'react-router';
import { ZMergeHistoryRequestSchema } from '#common/contracts/history.schema.ts';
import { ZPlaybackEntrySchema } from '#common/contracts/playback.schema.ts';
import { getCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/reading-progress';

/**
 * Where the reader is (sent in the background while reading or listening, with the session
 * cookie), and the history a browser kept before login (merged once). No page: answers JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request, context);
  if (!user) return data({ ok: false }, { status: 401 });
  const form = await request.formData();
  if (form.get('intent') === 'merge') {
    let entries: unknown;
    try {
      entries = JSON.parse(String(form.get('entries') ?? '[]'));
    } catch {
      return data({ ok: false }, { status: 400 });
    }
    const parsed = ZMergeHistoryRequestSchema.safeParse({ entries });
    if (!parsed.success) return data({ ok: false }, { status: 400 });
    await context.services.history.merge(user.id, parsed.data.entries);
    return { ok: true };
  }
  if (form.get('intent') === 'playback') {
    // Where a talk stopped (the player sends it while playing and on pause).
    const parsed = ZPlaybackEntrySchema.safeParse({
      code: String(form.get('code') ?? ''),
      currentTime: Number(form.get('currentTime')),
    });
    if (!parsed.success) return data({ ok: false }, { status: 400 });
    await context.services.playback.setCurrentTime(user.id, parsed.data.code, parsed.data.currentTime);
    return { ok: true };
  }
  const chapterCode = String(form.get('chapterCode') ?? '');
  const paragraph = String(form.get('paragraph') ?? '');
  if (!chapterCode || chapterCode.length > 140) return data({ ok: false }, { status: 400 });
  await context.services.history.record(user.id, chapterCode, /^p-\d{1,5}$/.test(paragraph) ? paragraph : null);
  return { ok: true };
}
