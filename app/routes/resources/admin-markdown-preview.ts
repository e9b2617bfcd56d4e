import { data } from 'react-router';
import { ZMarkdownPreviewRequestSchema } from '#common/contracts/book-admin.schema.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import type { Route } from './+types/admin-markdown-preview';

/**
 * The chapter editor's live preview (a background post with the session cookie): Markdown → the
 * HTML saving it would store, through the same marked + sanitiser path as the save itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const parsed = ZMarkdownPreviewRequestSchema.safeParse({ markdown: form.get('markdown') ?? '' });
  if (!parsed.success) {
    return data({ html: null, message: parsed.error.issues[0]?.message ?? 'Nội dung không hợp lệ.' }, { status: 400 });
  }
  return { html: context.services.bookAdmin.previewMarkdown(user, parsed.data.markdown).html, message: null };
}
