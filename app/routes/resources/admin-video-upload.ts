import { redirect } from 'react-router';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { uploadFormOf } from '#server/http/streamed-form.ts';
import { uploadAnswerOf, wantsJson } from '#app/lib/upload-answer.server.ts';
import type { Route } from './+types/admin-video-upload';
import type { RouteHandle } from '#app/components/layout/app-shell.tsx';

/** Read as it streams (readStreamedForm counts UPLOAD_MAX_MB): no whole-body limit, no request timeout. */
export const handle = { bodyLimit: 'streamed' } satisfies RouteHandle;

/**
 * The videos page's uploads, posted by XMLHttpRequest (with progress) and read as they stream:
 * a new video (a YouTube address or an MP4, with a poster), or `?anh={videoId}` a new poster.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const posterOf = Number(new URL(request.url).searchParams.get('anh'));
  return uploadAnswerOf(
    async () => {
      if (posterOf > 0) {
        const video = await context.services.videoAdmin.setPoster(user, posterOf, uploadFormOf(request));
        return { message: `Đã đổi ảnh bìa của “${video.title}”.`, back: '/quan-tri/video' };
      }
      const video = await context.services.videoAdmin.create(user, uploadFormOf(request));
      return {
        message: `Đã thêm “${video.title}”${video.status === 'published' ? ' và xuất bản' : ' (bản nháp)'}.`,
        back: '/quan-tri/video',
      };
    },
    wantsJson(request) ? null : '/quan-tri/video',
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return redirect('/quan-tri/video');
}
