import { useState } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import {
  SEARCH_MODE_LABELS,
  SEARCH_TYPE_LABELS,
  type SearchCollection,
  ZSearchCollectionUpdateSchema,
} from '#common/contracts/search.schema.ts';
import { formatDate } from '#app/lib/format.ts';
import { useFocusOnMount } from '#app/lib/use-focus-on-mount.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/search-collection';

/** Logged-in only: anonymous readers go to /login and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  return { searches: await context.services.searchCollections.list(user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const id = Number(form.get('id'));
  try {
    if (form.get('intent') === 'delete') {
      await context.services.searchCollections.remove(user.id, id);
      return { ok: true, error: null };
    }
    const parsed = ZSearchCollectionUpdateSchema.safeParse({ name: String(form.get('name') ?? '') });
    if (!parsed.success) return data({ ok: false, error: parsed.error.issues[0]?.message ?? null }, { status: 400 });
    await context.services.searchCollections.update(user.id, id, parsed.data);
    return { ok: true, error: null };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false, error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta() {
  return [{ title: `Tìm kiếm đã lưu — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

function describe(search: SearchCollection): string {
  const parts = [`“${search.query}”`];
  if (search.conditions.length > 0) parts.push(`cùng có ${search.conditions.map((c) => `“${c}”`).join(', ')}`);
  parts.push(
    SEARCH_MODE_LABELS[search.mode].toLocaleLowerCase('vi'),
    SEARCH_TYPE_LABELS[search.type].toLocaleLowerCase('vi'),
  );
  return parts.join(' · ');
}

function SavedSearch({ search }: { search: SearchCollection }) {
  const fetcher = useFetcher<typeof action>();
  const [renaming, setRenaming] = useState(false);
  const renameInput = useFocusOnMount<HTMLInputElement>(renaming);
  const deleting = fetcher.formData?.get('intent') === 'delete';
  if (deleting) return null;
  return (
    <li className="saved-search" data-testid="saved-search">
      <div className="saved-search-body">
        <Link to={search.url} className="saved-search-name">
          {search.name}
        </Link>
        <span className="saved-search-meta">{describe(search)}</span>
        <span className="saved-search-meta">Lưu ngày {formatDate(search.createdAt)}</span>
      </div>
      <div className="saved-search-actions">
        <Link to={search.url} className="button button-primary">
          Tìm lại
        </Link>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => setRenaming(!renaming)}
          aria-expanded={renaming}
        >
          Đổi tên
        </button>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={search.id} />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button button-ghost" aria-label={`Xoá tìm kiếm ${search.name}`}>
            Xoá
          </button>
        </fetcher.Form>
      </div>
      {renaming ? (
        <fetcher.Form method="post" className="saved-search-rename" onSubmit={() => setRenaming(false)}>
          <input type="hidden" name="id" value={search.id} />
          <input type="hidden" name="intent" value="rename" />
          <label htmlFor={`rename-${search.id}`} className="visually-hidden">
            Tên mới
          </label>
          <input ref={renameInput} id={`rename-${search.id}`} name="name" defaultValue={search.name} maxLength={120} />
          <button type="submit" className="button button-primary">
            Lưu tên
          </button>
        </fetcher.Form>
      ) : null}
      {fetcher.data?.error ? (
        <p className="search-save-error" role="alert">
          {fetcher.data.error}
        </p>
      ) : null}
    </li>
  );
}

export default function SearchCollectionPage({ loaderData }: Route.ComponentProps) {
  const { searches } = loaderData;
  return (
    <section aria-labelledby="saved-searches-title">
      <h1 id="saved-searches-title">Tìm kiếm đã lưu</h1>
      {searches.length === 0 ? (
        <div className="empty-state">
          <p>
            Bạn chưa lưu tìm kiếm nào. Trên trang tìm kiếm, bấm “Lưu tìm kiếm này” để chạy lại sau chỉ bằng một cú bấm.
          </p>
          <Link to="/search" className="button button-primary">
            Đi tới trang tìm kiếm
          </Link>
        </div>
      ) : (
        <ul className="saved-searches">
          {searches.map((search) => (
            <SavedSearch key={search.id} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}
