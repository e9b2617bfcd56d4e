import { useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import {
  COMPILATION_ITEM_TYPES,
  ZCompilationInputSchema,
  type CompilationItemType,
} from '#common/contracts/compilation.schema.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf, isNotFoundError } from '#app/lib/form-errors.server.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import type { Route } from './+types/compilation-edit';

const TYPE_LABELS: Record<CompilationItemType, string> = {
  book: 'Sách',
  talk: 'Pháp âm',
  video: 'Video',
  article: 'Bài viết',
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const choices = await context.services.compilationAdmin.choices(user);
  if (!params.id) return { compilation: null, choices };
  const id = positiveIdOf(params.id);
  try {
    if (!id) throw data('Not Found', { status: 404 });
    return { compilation: await context.services.compilationAdmin.get(user, id), choices };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Not Found', { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const id = params.id ? positiveIdOf(params.id) : null;
  try {
    if (form.get('intent') === 'delete' && id) {
      await context.services.compilationAdmin.remove(user, id);
      return redirect('/quan-tri/tong-hop');
    }
    let items: unknown = [];
    try {
      items = JSON.parse(String(form.get('items') ?? '[]'));
    } catch {
      return data({ error: 'Danh sách mục không đọc được.' }, { status: 400 });
    }
    const parsed = ZCompilationInputSchema.safeParse({
      title: String(form.get('title') ?? ''),
      introduction: String(form.get('introduction') ?? ''),
      status: String(form.get('status') ?? 'draft'),
      items,
    });
    if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
    const saved = id
      ? await context.services.compilationAdmin.update(user, id, parsed.data)
      : await context.services.compilationAdmin.create(user, parsed.data);
    return redirect(`/quan-tri/tong-hop/${saved.id}?da-luu=1`);
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta() {
  return [{ title: `Sửa tổng hợp — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

interface EditedItem {
  type: CompilationItemType;
  id: number;
  note: string | null;
}

export default function CompilationEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { compilation, choices } = loaderData;
  const [items, setItems] = useState<EditedItem[]>(
    compilation?.items.map((i) => ({ type: i.type, id: i.id, note: i.note })) ?? [],
  );
  const [type, setType] = useState<CompilationItemType>('book');
  const [picked, setPicked] = useState<string>('');
  const busy = useNavigation().state === 'submitting';
  const titleOf = (item: EditedItem) => choices[item.type].find((c) => c.id === item.id)?.title ?? '(mục đã bị xoá)';
  const move = (from: number, to: number) =>
    setItems((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  return (
    <div className="admin-page">
      <p>
        <Link to="/quan-tri/tong-hop">← Các tổng hợp</Link>
      </p>
      <h1>{compilation ? 'Sửa tổng hợp' : 'Tạo tổng hợp'}</h1>
      <Form method="post" className="admin-form admin-form-wide" data-testid="compilation-form">
        <div className="admin-field">
          <label htmlFor="title">Tên</label>
          <input id="title" name="title" type="text" maxLength={200} defaultValue={compilation?.title ?? ''} required />
        </div>
        <div className="admin-field">
          <label htmlFor="introduction">Lời giới thiệu</label>
          <textarea
            id="introduction"
            name="introduction"
            rows={3}
            maxLength={3000}
            defaultValue={compilation?.introduction ?? ''}
          />
        </div>
        <fieldset className="admin-fieldset">
          <legend>Các mục, theo thứ tự</legend>
          {items.length === 0 ? <p className="search-empty">Chưa có mục nào.</p> : null}
          <ol className="admin-items" data-testid="compilation-items">
            {items.map((item, i) => (
              <li key={`${item.type}-${item.id}`}>
                <span>
                  <span className="admin-item-type">{TYPE_LABELS[item.type]}</span> {titleOf(item)}
                </span>
                <span className="admin-item-actions">
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => move(i, i - 1)}
                    aria-label={`Đưa “${titleOf(item)}” lên`}
                    disabled={i === 0}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => move(i, i + 1)}
                    aria-label={`Đưa “${titleOf(item)}” xuống`}
                    disabled={i === items.length - 1}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => setItems((list) => list.filter((_, k) => k !== i))}
                    aria-label={`Bỏ “${titleOf(item)}”`}
                  >
                    Bỏ
                  </button>
                </span>
              </li>
            ))}
          </ol>
          <div className="admin-field-row">
            <div className="admin-field">
              <label htmlFor="item-type">Loại</label>
              <select
                id="item-type"
                value={type}
                onChange={(e) => {
                  setType(e.target.value as CompilationItemType);
                  setPicked('');
                }}
              >
                {COMPILATION_ITEM_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <div className="admin-field">
              <label htmlFor="item-pick">Mục</label>
              <select id="item-pick" value={picked} onChange={(e) => setPicked(e.target.value)}>
                <option value="">Chọn…</option>
                {choices[type].map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                    {c.status !== 'published' ? ' (chưa đăng)' : ''}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <button
            type="button"
            className="button button-ghost"
            disabled={!picked || items.some((i) => i.type === type && i.id === Number(picked))}
            onClick={() => {
              setItems((list) => [...list, { type, id: Number(picked), note: null }]);
              setPicked('');
            }}
          >
            Thêm mục
          </button>
          <input type="hidden" name="items" value={JSON.stringify(items)} />
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>Trạng thái</legend>
          <label className="admin-check">
            <input type="radio" name="status" value="published" defaultChecked={compilation?.status === 'published'} />{' '}
            Đăng
          </label>
          <label className="admin-check">
            <input type="radio" name="status" value="draft" defaultChecked={compilation?.status !== 'published'} /> Bản
            nháp
          </label>
        </fieldset>
        <button type="submit" className="button button-primary" disabled={busy}>
          Lưu
        </button>
        {actionData?.error ? (
          <p className="moderation-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
      </Form>
      {compilation ? (
        <Form
          method="post"
          onSubmit={(e) => {
            if (!confirm(`Xoá tổng hợp “${compilation.title}”? Các mục trong đó vẫn còn.`)) e.preventDefault();
          }}
        >
          <button type="submit" name="intent" value="delete" className="button button-ghost">
            Xoá tổng hợp
          </button>
        </Form>
      ) : null}
    </div>
  );
}
