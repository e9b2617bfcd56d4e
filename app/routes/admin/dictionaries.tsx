import { data, Form, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import {
  DICTIONARY_MAX_BYTES,
  DICTIONARY_MAX_ENTRIES,
  ZDictionaryIdParamSchema,
  ZDictionaryImportSchema,
} from '#common/contracts/dictionary.schema.ts';
import { FilePicker } from '#app/components/forms/file-picker.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import type { Route } from './+types/dictionaries';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  return { dictionaries: await context.services.dictionary.list(user) };
}

type ActionResult = { error: string; problems: string[] } | { error: null; imported?: string; removed?: boolean };

/** Import a dictionary file, or remove one (the same rules as POST/DELETE /api/v1/admin/dictionar…). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  try {
    if (form.get('intent') === 'remove') {
      const id = ZDictionaryIdParamSchema.safeParse({ id: form.get('id') });
      if (!id.success) return data<ActionResult>({ error: 'Không rõ từ điển nào.', problems: [] }, { status: 400 });
      await context.services.dictionary.remove(user, id.data.id);
      return { error: null, removed: true } satisfies ActionResult;
    }
    const file = form.get('file');
    const content = file instanceof File ? await file.text() : '';
    const parsed = ZDictionaryImportSchema.safeParse({
      name: form.get('name') ?? '',
      license: form.get('license') ?? '',
      sourceUrl: form.get('sourceUrl') ?? '',
      format: form.get('format') ?? '',
      content,
    });
    if (!parsed.success) {
      return data<ActionResult>({ error: parsed.error.issues[0]!.message, problems: [] }, { status: 400 });
    }
    const imported = await context.services.dictionary.import(user, parsed.data);
    return { error: null, imported: `${imported.name}: ${imported.entryCount} mục` } satisfies ActionResult;
  } catch (error) {
    const failure = formFailureOf(error);
    const problems = failure.data.fields?.content?.split('\n') ?? [];
    return data<ActionResult>(
      { error: failure.data.message ?? 'Không nhập được.', problems },
      failure.init ?? undefined,
    );
  }
}

export function meta() {
  return [{ title: `Từ điển — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function DictionariesPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  return (
    <div className="admin-page">
      <h1>Từ điển</h1>
      <p className="library-lead">
        Khi người đọc chạm vào một chữ Hán trong kinh, nghĩa được lấy từ các từ điển nhập ở đây, kèm tên và giấy phép
        của từ điển. Âm Hán-Việt từng chữ có sẵn từ Unihan (giấy phép Unicode). Chỉ nhập từ điển có giấy phép cho phép
        phổ biến lại.
      </p>

      <section className="admin-section" aria-labelledby="dictionaries-title">
        <h2 id="dictionaries-title">Đã nhập</h2>
        {loaderData.dictionaries.length === 0 ? (
          <p>Chưa có từ điển nào.</p>
        ) : (
          <ul className="admin-items" data-testid="dictionary-list">
            {loaderData.dictionaries.map((d) => (
              <li key={d.id}>
                <strong>{d.name}</strong> · {d.entryCount.toLocaleString('vi-VN')} mục · {d.license}
                <Form method="post" className="admin-item-actions">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={d.id} />
                  <button type="submit" className="button button-ghost" disabled={busy}>
                    Xoá {d.name}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="dictionary-import-title">
        <h2 id="dictionary-import-title">Nhập từ điển</h2>
        <Form method="post" encType="multipart/form-data" className="admin-form" data-testid="dictionary-form">
          <input type="hidden" name="intent" value="import" />
          <div className="admin-field">
            <label htmlFor="dictionary-name">Tên từ điển (nhập lại cùng tên sẽ thay toàn bộ mục cũ)</label>
            <input id="dictionary-name" name="name" type="text" required maxLength={120} />
          </div>
          <div className="admin-field">
            <label htmlFor="dictionary-license">Giấy phép (ví dụ CC BY-SA 4.0, CC0, Public Domain)</label>
            <input id="dictionary-license" name="license" type="text" required maxLength={200} />
          </div>
          <div className="admin-field">
            <label htmlFor="dictionary-source">Địa chỉ nguồn (không bắt buộc)</label>
            <input id="dictionary-source" name="sourceUrl" type="url" inputMode="url" maxLength={500} />
          </div>
          <fieldset className="admin-fieldset">
            <legend>Định dạng</legend>
            <label className="admin-check" style={{ flexWrap: 'nowrap', alignItems: 'baseline' }}>
              <input type="radio" name="format" value="tsv" defaultChecked />
              <span>TSV: mỗi dòng “chữ Hán ⇥ âm Hán-Việt ⇥ nghĩa”, dòng bắt đầu bằng # là chú thích</span>
            </label>
            <label className="admin-check" style={{ flexWrap: 'nowrap', alignItems: 'baseline' }}>
              <input type="radio" name="format" value="json" />
              <span>
                JSON: <code>{'{"entries": [{"headword", "reading", "meaning"}]}'}</code>
              </span>
            </label>
          </fieldset>
          <p>
            Cách viết tệp: <code>docs/dictionary-format.md</code> trong mã nguồn.
          </p>
          <div className="admin-field">
            <label htmlFor="dictionary-file">
              Tệp (UTF-8, tối đa {DICTIONARY_MAX_BYTES / 1024 / 1024} MB và{' '}
              {DICTIONARY_MAX_ENTRIES.toLocaleString('vi-VN')} mục)
            </label>
            <FilePicker
              id="dictionary-file"
              name="file"
              required
              accept=".tsv,.txt,.json,text/tab-separated-values,application/json"
              buttonText="Chọn tệp"
              emptyText="Chưa chọn tệp"
            />
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Đang nhập…' : 'Nhập từ điển'}
          </button>
          {result?.error ? (
            <div className="moderation-error" role="alert">
              <p>{result.error}</p>
              {result.problems.length > 1 ? (
                <ul>
                  {result.problems.slice(1).map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {result && result.error === null ? (
            <p className="admin-saved" role="status">
              {result.imported ? `Đã nhập ${result.imported}.` : 'Đã xoá.'}
            </p>
          ) : null}
        </Form>
      </section>
    </div>
  );
}
