import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { BOOK_STATUS_LABELS, ZAdminIdParamSchema, ZBookInputSchema } from '#common/contracts/book-admin.schema.ts';
import { BookForm } from '#app/components/admin/book-form.tsx';
import { CoverUpload } from '#app/components/admin/cover-upload.tsx';
import { SortableChapters } from '#app/components/admin/sortable-chapters.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf, isNotFoundError, parseForm } from '#app/lib/form-errors.server.ts';
import { formatDate } from '#app/lib/format.ts';
import type { Route } from './+types/book-edit';
import '#app/styles/admin-books.css';

function bookIdOf(params: { id?: string }): number {
  const parsed = ZAdminIdParamSchema.safeParse({ id: params.id });
  if (!parsed.success) throw data('Không tìm thấy cuốn sách này.', { status: 404 });
  return parsed.data.id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  try {
    return { book: await context.services.bookAdmin.getBook(user, bookIdOf(params)) };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Không tìm thấy cuốn sách này.', { status: 404 });
    throw error;
  }
}

type Intent = 'save' | 'publish' | 'unpublish' | 'delete' | 'cover' | 'reorder';
const DONE: Record<Exclude<Intent, 'delete'>, string> = {
  save: 'Đã lưu thông tin sách.',
  publish: 'Đã xuất bản: bạn đọc đã thấy sách này.',
  unpublish: 'Đã thôi xuất bản: sách trở về bản nháp.',
  cover: 'Đã lưu ảnh bìa.',
  reorder: 'Đã lưu thứ tự chương.',
};

/** Every form of the page posts here with its intent; each answers { ok, intent, message, fields }. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const id = bookIdOf(params);
  const admin = context.services.bookAdmin;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as Intent;
  try {
    switch (intent) {
      case 'save': {
        const parsed = parseForm(ZBookInputSchema, form);
        if (!parsed.ok) return parsed.failure;
        await admin.updateBook(user, id, parsed.value);
        break;
      }
      case 'publish':
        await admin.publishBook(user, id);
        break;
      case 'unpublish':
        await admin.unpublishBook(user, id);
        break;
      case 'delete':
        await admin.deleteBook(user, id);
        return redirect('/quan-tri/sach?xoa=1');
      case 'cover': {
        const file = form.get('cover');
        if (!(file instanceof File) || file.size === 0) {
          return data(
            { ok: false, intent, message: 'Hãy chọn một ảnh.', fields: { cover: 'Hãy chọn một ảnh.' } },
            { status: 400 },
          );
        }
        await admin.setCover(user, id, new Uint8Array(await file.arrayBuffer()));
        break;
      }
      case 'reorder': {
        let ids: unknown;
        try {
          ids = JSON.parse(String(form.get('ids') ?? ''));
        } catch {
          ids = null;
        }
        if (!Array.isArray(ids) || !ids.every((n) => Number.isInteger(n))) {
          return data({ ok: false, intent, message: 'Thứ tự chương không hợp lệ.', fields: {} }, { status: 400 });
        }
        await admin.reorderChapters(user, id, ids as number[]);
        break;
      }
      default:
        return data({ ok: false, intent, message: 'Yêu cầu không hợp lệ.', fields: {} }, { status: 400 });
    }
    return { ok: true, intent, message: DONE[intent], fields: {} as Record<string, string> };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false, intent, ...failure.data }, failure.init ?? undefined);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.book.title ?? 'Sách';
  return [{ title: `${title} — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function EditBookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { book } = loaderData;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const pendingIntent = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null;
  const published = book.status === 'published';
  const result = actionData && 'intent' in actionData ? actionData : null;
  const saveFields = result?.intent === 'save' || !result ? (actionData?.fields ?? {}) : {};
  return (
    <div className="admin-page admin-book-page">
      <p className="admin-breadcrumb">
        <Link to="/quan-tri/sach">← Kinh sách</Link>
      </p>
      <div className="admin-page-head">
        <h1>{book.title}</h1>
        <span className={`admin-status admin-status-${book.status}`} data-testid="book-status">
          {BOOK_STATUS_LABELS[book.status]}
        </span>
      </div>
      {searchParams.get('moi') === '1' && !result ? (
        <p className="admin-alert" role="status">
          Đã tạo bản nháp. Hãy thêm chương, ảnh bìa, rồi xuất bản.
        </p>
      ) : null}
      {searchParams.get('chuong') === 'moi' && !result ? (
        <p className="admin-alert" role="status">
          Đã thêm chương {book.chapterCount}.
        </p>
      ) : null}
      {result?.message && result.intent !== 'reorder' ? (
        <p
          className={result.ok ? 'admin-alert' : 'admin-alert admin-alert-error'}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}
        </p>
      ) : null}

      <section className="admin-publish" aria-label="Xuất bản">
        <p>
          {published ? (
            <>
              Bạn đọc đang thấy sách này từ {formatDate(book.publishedAt)}:{' '}
              <Link to={`/sach/${book.code}`}>/sach/{book.code}</Link>
            </>
          ) : book.chapterCount === 0 ? (
            'Bản nháp: chỉ người quản trị thấy. Cần ít nhất một chương để xuất bản.'
          ) : (
            'Bản nháp: chỉ người quản trị thấy.'
          )}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value={published ? 'unpublish' : 'publish'} />
          <button
            type="submit"
            className={published ? 'button button-ghost' : 'button button-primary'}
            disabled={
              pendingIntent === 'publish' || pendingIntent === 'unpublish' || (!published && book.chapterCount === 0)
            }
          >
            {published ? 'Thôi xuất bản' : 'Xuất bản'}
          </button>
        </Form>
      </section>

      <div className="admin-book-grid">
        <section className="admin-section admin-book-chapters" aria-labelledby="chapters-heading">
          <div className="admin-section-head">
            <h2 id="chapters-heading">Chương ({book.chapterCount})</h2>
            <Link to={`/quan-tri/sach/${book.id}/chuong`} className="button button-primary">
              + Thêm chương
            </Link>
          </div>
          {book.chapters.length === 0 ? (
            <p className="admin-empty">Chưa có chương nào. Chương được viết bằng Markdown, có xem trước ngay.</p>
          ) : (
            <>
              <p className="admin-field-hint">
                Kéo biểu tượng ⠿ để đổi thứ tự (hoặc chọn nó bằng phím Tab, nhấn phím cách, dùng phím mũi tên, nhấn phím
                cách lần nữa). Thứ tự mới được lưu ngay.
              </p>
              <SortableChapters bookId={book.id} bookCode={book.code} chapters={book.chapters} published={published} />
            </>
          )}
        </section>

        <section className="admin-section admin-book-cover-section" aria-labelledby="cover-heading">
          <h2 id="cover-heading">Ảnh bìa</h2>
          <CoverUpload
            code={book.code}
            title={book.title}
            coverImage={book.coverImage}
            busy={pendingIntent === 'cover'}
            error={result?.intent === 'cover' && !result.ok ? result.message : null}
          />
        </section>
      </div>

      <section className="admin-section" aria-labelledby="details-heading">
        <h2 id="details-heading">Thông tin sách</h2>
        <BookForm book={book} fields={saveFields} busy={pendingIntent === 'save'} submitLabel="Lưu thông tin" />
      </section>

      <section className="admin-section admin-danger" aria-labelledby="danger-heading">
        <h2 id="danger-heading">Xoá sách</h2>
        <details className="admin-details">
          <summary>Xoá cuốn sách này…</summary>
          <p>
            Xoá hẳn “{book.title}” cùng {book.chapterCount} chương, ảnh bìa, ghi chú và lịch sử đọc của bạn đọc về sách
            này. Không hoàn tác được. Nếu chỉ muốn ẩn sách, hãy thôi xuất bản.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="button button-danger" disabled={pendingIntent === 'delete'}>
              {pendingIntent === 'delete' ? 'Đang xoá…' : 'Xoá hẳn sách này'}
            </button>
          </Form>
        </details>
      </section>
    </div>
  );
}
