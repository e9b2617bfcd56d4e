import { Link, redirect, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { ZBookInputSchema } from '#common/contracts/book-admin.schema.ts';
import { BookForm } from '#app/components/admin/book-form.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import type { Route } from './+types/book-new';
import '#app/styles/admin-books.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return null;
}

/** Creates the book as a draft and opens its page, where chapters and the cover are added. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const parsed = parseForm(ZBookInputSchema, await request.formData());
  if (!parsed.ok) return parsed.failure;
  try {
    const book = await context.services.bookAdmin.createBook(user, parsed.value);
    return redirect(`/quan-tri/sach/${book.id}?moi=1`);
  } catch (error) {
    return formFailureOf(error);
  }
}

export function meta() {
  return [{ title: `Thêm sách — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function NewBookPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="admin-page">
      <p className="admin-breadcrumb">
        <Link to="/quan-tri/sach">← Kinh sách</Link>
      </p>
      <h1>Thêm sách</h1>
      <p className="library-lead">
        Sách mới là bản nháp: thêm chương và ảnh bìa ở bước sau, rồi xuất bản khi đã sẵn sàng.
      </p>
      {actionData?.message ? (
        <p className="admin-alert admin-alert-error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      <BookForm book={null} fields={actionData?.fields} busy={busy} submitLabel="Tạo sách" />
    </div>
  );
}
