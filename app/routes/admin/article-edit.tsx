import { useEffect, useState } from 'react';
import { data, Form, Link, redirect, useFetcher, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { ZArticleInputSchema } from '#common/contracts/article-admin.schema.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf, isNotFoundError } from '#app/lib/form-errors.server.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import type { Route } from './+types/article-edit';
import { FilePicker } from '#app/components/forms/file-picker.tsx';

const vietnamTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Ho_Chi_Minh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** ISO time → the value of a datetime-local field, in Vietnam's time. */
function localValue(iso: string): string {
  return vietnamTime.format(new Date(iso)).replace(' ', 'T');
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const categories = await context.services.articleAdmin.listCategories(user);
  if (!params.id) return { article: null, categories };
  const id = positiveIdOf(params.id);
  try {
    if (!id) throw data('Not Found', { status: 404 });
    return { article: await context.services.articleAdmin.get(user, id), categories };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Not Found', { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  const id = params.id ? positiveIdOf(params.id) : null;
  if (intent === 'preview') {
    return {
      preview: context.services.articleAdmin.preview(String(form.get('bodyMarkdown') ?? '')),
      error: null,
      fields: {},
    };
  }
  try {
    if (intent === 'cover' && id) {
      const file = form.get('file');
      if (!file || typeof file === 'string' || file.size === 0) {
        return data(
          { preview: null, error: 'Hãy chọn một ảnh bìa.', fields: {} as Record<string, string> },
          { status: 400 },
        );
      }
      await context.services.articleAdmin.setCover(user, id, new Uint8Array(await file.arrayBuffer()));
      return redirect(`/quan-tri/bai-viet/${id}?da-luu=1`);
    }
    if (intent === 'delete' && id) {
      await context.services.articleAdmin.remove(user, id);
      return redirect('/quan-tri/bai-viet');
    }
    const parsed = ZArticleInputSchema.safeParse({
      title: String(form.get('title') ?? ''),
      slug: String(form.get('slug') ?? ''),
      categoryId: form.get('categoryId') ? Number(form.get('categoryId')) : null,
      summary: String(form.get('summary') ?? ''),
      author: String(form.get('author') ?? ''),
      bodyMarkdown: String(form.get('bodyMarkdown') ?? ''),
      status: String(form.get('status') ?? 'draft'),
      publishedAt: String(form.get('publishedAt') ?? '') || undefined,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return data({ preview: null, error: parsed.error.issues[0]!.message, fields }, { status: 400 });
    }
    const saved = id
      ? await context.services.articleAdmin.update(user, id, parsed.data)
      : await context.services.articleAdmin.create(user, parsed.data);
    return redirect(`/quan-tri/bai-viet/${saved.id}?da-luu=1`);
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ preview: null, error: failure.data.message, fields: failure.data.fields }, failure.init ?? undefined);
  }
}

/** Preview requests change nothing: the page's data need not be loaded again after them. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'preview' ? false : defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.article ? `Sửa “${loaderData.article.title}”` : 'Viết bài mới';
  return [{ title: `${title} — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

/** The live preview: the server renders the Markdown the way it will store it (sanitised). */
function usePreview(markdown: string) {
  const fetcher = useFetcher<{ preview: string | null }>();
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      fetcher.submit({ intent: 'preview', bodyMarkdown: markdown }, { method: 'post' });
    }, 350);
    return () => clearTimeout(timer);
    // Only when the text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markdown]);
  useEffect(() => {
    if (fetcher.data?.preview !== undefined && fetcher.data.preview !== null) setHtml(fetcher.data.preview);
  }, [fetcher.data]);
  return html;
}

export default function ArticleEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, categories } = loaderData;
  const [markdown, setMarkdown] = useState(article?.bodyMarkdown ?? '');
  const preview = usePreview(markdown);
  const busy = useNavigation().state === 'submitting';
  const fields: Record<string, string> = actionData?.fields ?? {};
  const error = (name: string) =>
    fields[name] ? (
      <span className="admin-field-error" role="alert">
        {fields[name]}
      </span>
    ) : null;
  return (
    <div className="admin-page">
      <p>
        <Link to="/quan-tri/bai-viet">← Các bài viết</Link>
      </p>
      <h1>{article ? 'Sửa bài viết' : 'Viết bài mới'}</h1>
      {article && article.status === 'published' ? (
        <p>
          {article.scheduled ? 'Hẹn giờ đăng. ' : ''}
          <Link to={article.path}>Xem bài trên trang đọc</Link>
        </p>
      ) : null}
      <Form method="post" className="admin-form admin-form-wide" data-testid="article-form">
        <div className="admin-field">
          <label htmlFor="title">Tiêu đề</label>
          <input id="title" name="title" type="text" maxLength={300} defaultValue={article?.title ?? ''} required />
          {error('title')}
        </div>
        <div className="admin-field-row">
          <div className="admin-field">
            <label htmlFor="slug">Địa chỉ (để trống: tạo từ tiêu đề)</label>
            <input id="slug" name="slug" type="text" maxLength={120} defaultValue={article?.slug ?? ''} />
            {error('slug')}
          </div>
          <div className="admin-field">
            <label htmlFor="categoryId">Danh mục</label>
            <select id="categoryId" name="categoryId" defaultValue={article?.categoryId ?? ''}>
              <option value="">Không thuộc danh mục nào</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="admin-field-row">
          <div className="admin-field">
            <label htmlFor="author">Tác giả</label>
            <input id="author" name="author" type="text" maxLength={200} defaultValue={article?.author ?? ''} />
          </div>
          <div className="admin-field">
            <label htmlFor="publishedAt">Ngày giờ đăng (giờ Việt Nam; ngày tới = hẹn giờ)</label>
            <input
              id="publishedAt"
              name="publishedAt"
              type="datetime-local"
              defaultValue={article ? localValue(article.publishedAt) : ''}
            />
            {error('publishedAt')}
          </div>
        </div>
        <div className="admin-field">
          <label htmlFor="summary">Tóm tắt (để trống: lấy câu đầu của bài)</label>
          <textarea id="summary" name="summary" rows={2} maxLength={500} defaultValue={article?.summary ?? ''} />
        </div>
        <div className="admin-editor">
          <div className="admin-field">
            <label htmlFor="bodyMarkdown">
              Nội dung (Markdown: # tiêu đề, **đậm**, *nghiêng*, - danh sách, [liên kết](https://…))
            </label>
            <textarea
              id="bodyMarkdown"
              name="bodyMarkdown"
              rows={18}
              value={markdown}
              onChange={(e) => setMarkdown(e.target.value)}
              spellCheck={false}
            />
            {error('bodyMarkdown')}
          </div>
          <div className="admin-preview" aria-live="polite">
            <p className="admin-preview-label">Xem trước</p>
            {/* Rendered and sanitised on the server, exactly as it will be stored. */}
            <div
              className="news-article-body"
              data-testid="article-preview"
              dangerouslySetInnerHTML={{ __html: preview ?? '' }}
            />
          </div>
        </div>
        <fieldset className="admin-fieldset">
          <legend>Trạng thái</legend>
          <label className="admin-check">
            <input type="radio" name="status" value="published" defaultChecked={article?.status === 'published'} /> Đăng
          </label>
          <label className="admin-check">
            <input
              type="radio"
              name="status"
              value="draft"
              defaultChecked={!article || article.status !== 'published'}
            />{' '}
            Bản nháp
          </label>
        </fieldset>
        <button type="submit" name="intent" value="save" className="button button-primary" disabled={busy}>
          Lưu
        </button>
        {actionData?.error ? (
          <p className="moderation-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
      </Form>
      {article ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="admin-form admin-form-wide"
          data-testid="cover-form"
        >
          <p className="admin-preview-label">Ảnh bìa (hiện trên đầu bài và khi chia sẻ; cắt theo khổ 1200×630)</p>
          {article.coverImage ? (
            <img src={article.coverImage} alt="" width={600} height={315} className="admin-cover-preview" />
          ) : (
            <p className="search-empty">Bài chưa có ảnh bìa.</p>
          )}
          <div className="admin-field">
            <label htmlFor="cover-file">Ảnh bìa mới (JPEG, PNG, WebP; tối đa 5 MB)</label>
            <FilePicker id="cover-file" name="file" accept="image/*" required />
          </div>
          <button type="submit" name="intent" value="cover" className="button button-ghost" disabled={busy}>
            Lưu ảnh bìa
          </button>
        </Form>
      ) : null}
      {article ? (
        <Form
          method="post"
          onSubmit={(e) => {
            if (!confirm(`Xoá bài “${article.title}”? Không lấy lại được.`)) e.preventDefault();
          }}
        >
          <button type="submit" name="intent" value="delete" className="button button-ghost">
            Xoá bài viết
          </button>
        </Form>
      ) : null}
    </div>
  );
}
