import { data, Form, Link, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { importUploadOf } from '#server/http/import-form.ts';
import type { Route } from './+types/import';
import { FilePicker } from '#app/components/forms/file-picker.tsx';
import type { RouteHandle } from '#app/components/layout/app-shell.tsx';

/** Whole books and talks in one body, up to UPLOAD_MAX_MB; no request timeout. */
export const handle = { bodyLimit: 'import' } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return { limitMb: context.services.importer.uploadLimitMb };
}

/** The upload form: the same importers as `npm run import`, one outcome per file. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  try {
    context.services.importer.checkUploadSize(request.headers.get('content-length'));
    const form = await request.formData();
    return { outcomes: await context.services.importer.importUploads(importUploadOf(form), user), error: null };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ outcomes: null, error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta() {
  return [{ title: `Nhập tệp — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

const STATUS_LABELS = { added: 'Đã thêm', updated: 'Đã cập nhật', skipped: 'Bỏ qua', failed: 'Không nhập' } as const;

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="admin-page">
      <h1>Nhập tệp</h1>
      <p className="library-lead">
        Sách từ tệp EPUB, Word (.docx) hay Markdown (.md); bài giảng từ tệp MP3, kèm tệp lời .vtt hoặc .srt cùng tên.
        Nhập lại đúng tệp cũ thì không có gì thay đổi; tệp đã sửa thì cập nhật mục nó đã tạo. Tệp giả mạo, hỏng hay chứa
        mã độc bị từ chối, kèm lý do, và không để lại gì.
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-form" data-testid="import-form">
        <div className="admin-field">
          <label htmlFor="import-files">Tệp (chọn được nhiều tệp, tối đa {loaderData.limitMb} MB mỗi lần)</label>
          <FilePicker
            id="import-files"
            name="files"
            multiple
            required
            accept=".epub,.docx,.md,.mp3,.vtt,.srt"
            buttonText="Chọn tệp"
            emptyText="Chưa chọn tệp"
          />
        </div>
        <div className="admin-field">
          <label htmlFor="import-collection">Tuyển tập cho các bài MP3</label>
          <input
            id="import-collection"
            name="collection"
            type="text"
            maxLength={200}
            placeholder="Ví dụ: Pháp thoại mùa an cư 2026"
          />
        </div>
        <label className="admin-check">
          <input type="checkbox" name="draft" value="true" /> Nhập dưới dạng bản nháp (chưa xuất bản)
        </label>
        <label className="admin-check">
          <input type="checkbox" name="dryRun" value="true" /> Chạy thử: kiểm tra mà không ghi gì
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Đang nhập…' : 'Nhập'}
        </button>
      </Form>
      {actionData?.error ? (
        <p className="moderation-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {actionData?.outcomes ? (
        <table className="admin-table" data-testid="import-outcomes">
          <caption>Kết quả</caption>
          <thead>
            <tr>
              <th scope="col">Tệp</th>
              <th scope="col">Kết quả</th>
              <th scope="col">Ghi chú</th>
            </tr>
          </thead>
          <tbody>
            {actionData.outcomes.map((outcome) => (
              <tr key={outcome.file} data-status={outcome.status}>
                <td>{outcome.file}</td>
                <td>
                  {outcome.path && outcome.status !== 'failed' ? (
                    <Link to={outcome.path}>
                      {STATUS_LABELS[outcome.status]}: {outcome.title}
                    </Link>
                  ) : (
                    STATUS_LABELS[outcome.status]
                  )}
                </td>
                <td>{outcome.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
