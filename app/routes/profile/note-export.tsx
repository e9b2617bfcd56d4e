import { data, Form, Link, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { NOTE_EXPORT_MESSAGES, ZNoteImportRequestSchema } from '#common/contracts/note-export.schema.ts';
import { FilePicker } from '#app/components/forms/file-picker.tsx';
import { formatNumber } from '#app/lib/format.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import '#app/styles/note-export.css';
import type { Route } from './+types/note-export';

export const handle = { bodyLimit: 'form' };

export function meta() {
  return [{ title: `Xuất, nhập ghi chú — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  return context.services.noteExport.summaryOf(user.id);
}

/** A file exported before, read back into the reader's notes (the format from its name). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) {
    return data({ ok: false as const, error: 'Hãy chọn tệp CSV hoặc JSON-LD đã xuất.', result: null }, { status: 400 });
  }
  const format = /\.csv$/i.test(file.name) ? 'csv' : /\.(jsonld|json)$/i.test(file.name) ? 'jsonld' : null;
  const parsed = ZNoteImportRequestSchema.safeParse({ format, text: await file.text() });
  if (!parsed.success) {
    const error = format
      ? (parsed.error.issues[0]?.message ?? NOTE_EXPORT_MESSAGES.unreadable)
      : NOTE_EXPORT_MESSAGES.importFormat;
    return data({ ok: false as const, error, result: null }, { status: 400 });
  }
  try {
    return {
      ok: true as const,
      error: null,
      result: await context.services.noteExport.importNotes(user.id, parsed.data),
    };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false as const, error: failure.data.message, result: null }, failure.init ?? undefined);
  }
}

const COLORS = [
  { value: 'yellow', label: 'Vàng' },
  { value: 'aqua', label: 'Xanh' },
  { value: 'red', label: 'Đỏ' },
] as const;

const FORMATS = [
  { value: 'markdown', label: 'Markdown', hint: 'để đọc, in hoặc dán vào sổ tay' },
  { value: 'csv', label: 'CSV', hint: 'mở bằng Excel, Google Trang tính; nhập lại được' },
  { value: 'jsonld', label: 'JSON-LD', hint: 'chú thích web W3C, cho ứng dụng khác; nhập lại được' },
] as const;

/**
 * The reader's highlights and notes taken away (a plain GET form: the file comes from
 * /profile/note-export/file, no script needed) and brought back from a CSV or JSON-LD file.
 */
export default function NoteExportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { total, books } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <section className="note-export" aria-labelledby="note-export-title">
      <h1 id="note-export-title">Xuất, nhập ghi chú</h1>
      <p className="note-export-lead">
        Mang {formatNumber(total)} đánh dấu và ghi chú của bạn theo: tải về thành tệp, hoặc nhập lại từ tệp đã tải.
      </p>

      <form method="get" action="/profile/note-export/file" className="note-export-card" aria-labelledby="export-title">
        <h2 id="export-title">Tải về</h2>
        <fieldset>
          <legend>Định dạng</legend>
          {FORMATS.map((f, i) => (
            <label key={f.value} className="note-export-choice">
              <input type="radio" name="format" value={f.value} defaultChecked={i === 0} />
              <span>
                <strong>{f.label}</strong> — {f.hint}
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Màu (bỏ trống: mọi màu)</legend>
          <div className="note-export-colors">
            {COLORS.map((c) => (
              <label key={c.value} className={`note-export-color note-export-color-${c.value}`}>
                <input type="checkbox" name="color" value={c.value} /> {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="note-export-field">
          <span>Sách</span>
          <select name="bookCode" defaultValue="">
            <option value="">Mọi sách và trích dẫn</option>
            {books.map((b) => (
              <option key={b.code} value={b.code}>
                {b.title} ({formatNumber(b.count)})
              </option>
            ))}
          </select>
        </label>
        <div className="note-export-dates">
          <label className="note-export-field">
            <span>Từ ngày</span>
            <input type="date" name="from" />
          </label>
          <label className="note-export-field">
            <span>Đến ngày</span>
            <input type="date" name="to" />
          </label>
        </div>
        <button type="submit" className="button button-primary" disabled={total === 0}>
          Tải tệp
        </button>
        {total === 0 ? (
          <p className="note-export-empty">
            Bạn chưa có ghi chú nào. Khi đọc, chọn một đoạn rồi bấm một màu để đánh dấu.{' '}
            <Link to="/sach">Đọc kinh sách</Link>
          </p>
        ) : null}
      </form>

      <Form method="post" encType="multipart/form-data" className="note-export-card" aria-labelledby="import-title">
        <h2 id="import-title">Nhập lại</h2>
        <p>
          Chọn tệp CSV hoặc JSON-LD đã tải về từ Pháp Bảo. Những ghi chú bạn đã có được giữ nguyên, không bị nhân đôi.
        </p>
        <FilePicker
          id="note-import-file"
          name="file"
          accept=".csv,.jsonld,.json"
          buttonText="Chọn tệp"
          emptyText="Chưa chọn tệp"
        />
        <button type="submit" className="button button-ghost" disabled={busy}>
          {busy ? 'Đang nhập…' : 'Nhập ghi chú'}
        </button>
        <div role="status" aria-live="polite">
          {actionData?.ok ? (
            <p className="note-export-result" data-testid="import-result">
              Đã thêm {formatNumber(actionData.result.added)} ghi chú
              {actionData.result.skipped ? `, bỏ qua ${formatNumber(actionData.result.skipped)} ghi chú đã có` : ''}
              {actionData.result.missing
                ? `, ${formatNumber(actionData.result.missing)} đánh dấu thuộc chương không còn trên thư viện`
                : ''}
              .
            </p>
          ) : null}
        </div>
        {actionData && !actionData.ok ? (
          <p className="field-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
