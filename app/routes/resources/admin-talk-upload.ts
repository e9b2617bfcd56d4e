import { redirect } from 'react-router';
import { formatClock } from '#common/clock.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { uploadFormOf } from '#server/http/streamed-form.ts';
import { uploadAnswerOf, wantsJson } from '#app/lib/upload-answer.server.ts';
import type { Route } from './+types/admin-talk-upload';
import type { RouteHandle } from '#app/components/layout/app-shell.tsx';

/** Read as it streams (readStreamedForm counts UPLOAD_MAX_MB): no whole-body limit, no request timeout. */
export const handle = { bodyLimit: 'streamed' } satisfies RouteHandle;

/**
 * The talks page's uploads, posted by XMLHttpRequest (with progress) and read as they stream:
 * a new talk (MP3 and transcript), or `?loi={talkId}` a talk's transcript. Answers JSON; a plain
 * form post (no JavaScript) is sent back to the collection's page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const url = new URL(request.url);
  const transcriptOf = Number(url.searchParams.get('loi'));
  const back = url.searchParams.get('ve');
  return uploadAnswerOf(
    async () => {
      if (transcriptOf > 0) {
        const talk = await context.services.talkAdmin.replaceTranscript(user, transcriptOf, uploadFormOf(request));
        return { message: `Đã lưu lời cho bài “${talk.title}”.`, back: `/quan-tri/phap-am/${talk.collectionId}` };
      }
      const talk = await context.services.talkAdmin.uploadTalk(user, uploadFormOf(request));
      return {
        message: `Đã tải lên “${talk.title}” (${formatClock(talk.duration)}${talk.transcriptUrl ? ', có lời' : ''}).`,
        back: `/quan-tri/phap-am/${talk.collectionId}`,
      };
    },
    wantsJson(request) ? null : back && back.startsWith('/quan-tri/') ? back : '/quan-tri/phap-am',
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return redirect('/quan-tri/phap-am');
}
