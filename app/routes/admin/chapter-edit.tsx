import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useFetcher, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { CHAPTER_MARKDOWN_MAX, ZAdminIdParamSchema, ZChapterInputSchema } from '#common/contracts/book-admin.schema.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf, isNotFoundError, parseForm } from '#app/lib/form-errors.server.ts';
import type { action as previewAction } from '#app/routes/resources/admin-markdown-preview.ts';
import type { Route } from './+types/chapter-edit';
import '#app/styles/admin-books.css';

const PREVIEW_DELAY_MS = 350;

function idsOf(params: { id?: string; chapterId?: string }): { bookId: number; chapterId: number | null } {
  const book = ZAdminIdParamSchema.safeParse({ id: params.id });
  const chapter = params.chapterId ? ZAdminIdParamSchema.safeParse({ id: params.chapterId }) : null;
  if (!book.success || (chapter && !chapter.success)) throw data('Không tìm thấy chương này.', { status: 404 });
  return { bookId: book.data.id, chapterId: chapter?.data?.id ?? null };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const { bookId, chapterId } = idsOf(params);
  const admin = context.services.bookAdmin;
  try {
    const book = await admin.getBook(user, bookId);
    const chapter = chapterId ? await admin.getChapter(user, chapterId) : null;
    if (chapter && chapter.bookId !== book.id) throw data('Không tìm thấy chương này.', { status: 404 });
    return {
      book: { id: book.id, code: book.code, title: book.title, status: book.status },
      chapter,
      nextPosition: book.chapterCount + 1,
    };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Không tìm thấy sách hoặc chương này.', { status: 404 });
    throw error;
  }
}

/** Saves the chapter (new: at the end of the book) or deletes it; both go back to the book. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const { bookId, chapterId } = idsOf(params);
  const admin = context.services.bookAdmin;
  const form = await request.formData();
  try {
    if (form.get('intent') === 'delete' && chapterId) {
      await admin.deleteChapter(user, chapterId);
      return redirect(`/quan-tri/sach/${bookId}`);
    }
    const parsed = parseForm(ZChapterInputSchema, form);
    if (!parsed.ok) return parsed.failure;
    if (chapterId) {
      const chapter = await admin.getChapter(user, chapterId);
      if (chapter.bookId !== bookId) throw data('Không tìm thấy chương này.', { status: 404 });
      await admin.updateChapter(user, chapterId, parsed.value);
      return { message: 'Đã lưu chương.', fields: {} as Record<string, string>, ok: true };
    }
    await admin.addChapter(user, bookId, parsed.value);
    return redirect(`/quan-tri/sach/${bookId}?chuong=moi`);
  } catch (error) {
    return formFailureOf(error);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.chapter ? (loaderData.chapter.title ?? 'Chương') : 'Chương mới';
  return [
    { title: `${name} — ${loaderData?.book.title ?? ''} — Quản trị — ${SITE_NAME}` },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The Markdown editor: the source on the left, on the right the preview the server renders
 * (debounced) through the path saving uses, so what is seen is what is stored.
 */
export default function ChapterEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { book, chapter, nextPosition } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const deleting = busy && navigation.formData?.get('intent') === 'delete';
  const [markdown, setMarkdown] = useState(chapter?.markdown ?? '');
  const [previewHtml, setPreviewHtml] = useState(chapter?.html ?? '');
  const preview = useFetcher<typeof previewAction>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fields = actionData?.fields ?? {};
  const saved = actionData && 'ok' in actionData && actionData.ok;

  useEffect(() => {
    setMarkdown(chapter?.markdown ?? '');
    setPreviewHtml(chapter?.html ?? '');
  }, [chapter]);
  useEffect(() => {
    if (preview.state === 'idle' && preview.data?.html != null) setPreviewHtml(preview.data.html);
  }, [preview.state, preview.data]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (value: string) => {
    setMarkdown(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void preview.submit({ markdown: value }, { method: 'post', action: '/quan-tri/xem-truoc-markdown' });
    }, PREVIEW_DELAY_MS);
  };

  return (
    <div className="admin-page admin-chapter-page">
      <p className="admin-breadcrumb">
        <Link to={`/quan-tri/sach/${book.id}`}>← {book.title}</Link>
      </p>
      <h1>{chapter ? `Sửa chương ${chapter.position}` : `Chương mới (chương ${nextPosition})`}</h1>
      {saved ? (
        <p className="admin-alert" role="status">
          {actionData.message}{' '}
          {book.status === 'published' && chapter ? (
            <Link to={`/${chapter.code}/${book.code}`}>Xem trang đọc</Link>
          ) : null}
        </p>
      ) : actionData?.message ? (
        <p className="admin-alert admin-alert-error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      <Form method="post" className="admin-chapter-form" data-testid="chapter-form">
        <div className={`admin-field${fields.title ? ' is-invalid' : ''}`}>
          <label htmlFor="chapter-title">Tên chương</label>
          <input
            id="chapter-title"
            name="title"
            type="text"
            maxLength={300}
            defaultValue={chapter?.title ?? ''}
            placeholder="Ví dụ: Phẩm thứ nhất — Tựa"
            aria-invalid={fields.title ? true : undefined}
          />
          {fields.title ? <p className="admin-field-error">{fields.title}</p> : null}
        </div>
        <div className="admin-editor">
          <div className={`admin-field admin-editor-source${fields.markdown ? ' is-invalid' : ''}`}>
            <label htmlFor="chapter-markdown">Nội dung (Markdown)</label>
            <textarea
              id="chapter-markdown"
              name="markdown"
              value={markdown}
              onChange={(event) => onChange(event.currentTarget.value)}
              maxLength={CHAPTER_MARKDOWN_MAX}
              spellCheck={false}
              aria-invalid={fields.markdown ? true : undefined}
              aria-describedby="chapter-markdown-help"
            />
            {fields.markdown ? <p className="admin-field-error">{fields.markdown}</p> : null}
            <p id="chapter-markdown-help" className="admin-field-hint">
              Đoạn văn cách nhau một dòng trống. <code>## Tiêu đề</code>, <code>**đậm**</code>, <code>*nghiêng*</code>,{' '}
              <code>&gt; trích dẫn</code>, <code>- danh sách</code>, <code>[chữ](https://…)</code>. Mã HTML lạ, script
              và liên kết javascript: bị loại khi lưu.
            </p>
          </div>
          <section
            className="admin-editor-preview"
            aria-labelledby="preview-heading"
            aria-busy={preview.state !== 'idle'}
          >
            <h2 id="preview-heading">
              Xem trước
              {preview.state !== 'idle' ? <span className="admin-preview-busy"> · đang cập nhật…</span> : null}
            </h2>
            {previewHtml ? (
              <div
                className="admin-preview"
                data-testid="markdown-preview"
                dangerouslySetInnerHTML={{ __html: previewHtml }}
              />
            ) : (
              <div className="admin-preview admin-preview-empty" data-testid="markdown-preview">
                Bản xem trước hiện ở đây khi bạn gõ.
              </div>
            )}
          </section>
        </div>
        <div className="admin-form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy && !deleting ? 'Đang lưu…' : chapter ? 'Lưu chương' : 'Thêm chương'}
          </button>
          <Link to={`/quan-tri/sach/${book.id}`} className="button button-ghost">
            Về trang sách
          </Link>
        </div>
      </Form>
      {chapter ? (
        <section className="admin-section admin-danger" aria-labelledby="delete-chapter-heading">
          <h2 id="delete-chapter-heading">Xoá chương</h2>
          <details className="admin-details">
            <summary>Xoá chương này…</summary>
            <p>Các chương sau sẽ lùi lên một vị trí. Ghi chú của bạn đọc trong chương này cũng bị xoá.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="button button-danger" disabled={busy}>
                {deleting ? 'Đang xoá…' : 'Xoá hẳn chương này'}
              </button>
            </Form>
          </details>
        </section>
      ) : null}
    </div>
  );
}
