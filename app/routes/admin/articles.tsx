import { data, Form, Link, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { ZCategoryInputSchema } from '#common/contracts/article-admin.schema.ts';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { formatDate } from '#app/lib/format.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import type { Route } from './+types/articles';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
  const [articles, categories] = await Promise.all([
    context.services.articleAdmin.list(user, page, 20),
    context.services.articleAdmin.listCategories(user),
  ]);
  return { articles, categories };
}

/** Categories: add one, or delete one (its articles stay, in no category). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  try {
    if (form.get('intent') === 'delete-category') {
      await context.services.articleAdmin.removeCategory(user, Number(form.get('id')));
      return { error: null };
    }
    const parsed = ZCategoryInputSchema.safeParse({
      name: String(form.get('name') ?? ''),
      slug: String(form.get('slug') ?? ''),
      description: String(form.get('description') ?? ''),
    });
    if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
    await context.services.articleAdmin.createCategory(user, parsed.data);
    return { error: null };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta() {
  return [{ title: `Bài viết — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

const STATE = { published: 'Đã đăng', draft: 'Bản nháp', pending: 'Chờ duyệt' } as const;

export default function ArticlesAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { articles, categories } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const pageCount = Math.max(1, Math.ceil(articles.total / articles.perPage));
  return (
    <div className="admin-page">
      <h1>Bài viết</h1>
      <p className="library-lead">
        Tin tức và bài viết, viết bằng Markdown. Đặt ngày đăng trong tương lai để hẹn giờ đăng; bản nháp chỉ người quản
        trị thấy.
      </p>
      <p>
        <Link to="/quan-tri/bai-viet/moi" className="button button-primary">
          Viết bài mới
        </Link>
      </p>
      <table className="admin-table" data-testid="admin-articles">
        <thead>
          <tr>
            <th scope="col">Tiêu đề</th>
            <th scope="col">Danh mục</th>
            <th scope="col">Trạng thái</th>
            <th scope="col">Ngày đăng</th>
          </tr>
        </thead>
        <tbody>
          {articles.items.map((article) => (
            <tr key={article.id}>
              <td>
                <Link to={`/quan-tri/bai-viet/${article.id}`}>{article.title}</Link>
              </td>
              <td>{article.categoryName ?? '—'}</td>
              <td>{article.scheduled ? 'Hẹn giờ đăng' : STATE[article.status]}</td>
              <td>{formatDate(article.publishedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pageCount > 1 ? (
        <Pagination page={articles.page} pageCount={pageCount} hrefFor={(p) => `/quan-tri/bai-viet?page=${p}`} />
      ) : null}

      <section className="admin-section" aria-labelledby="categories-title">
        <h2 id="categories-title">Danh mục</h2>
        <ul className="moderation-featured">
          {categories.map((category) => (
            <li key={category.id}>
              <span>
                <Link to={`/tin-tuc/danh-muc/${category.slug}`}>{category.name}</Link> · {category.articleCount} bài
              </span>
              <Form
                method="post"
                onSubmit={(e) => {
                  if (
                    !confirm(`Xoá danh mục “${category.name}”? Các bài trong đó vẫn còn, không thuộc danh mục nào.`)
                  ) {
                    e.preventDefault();
                  }
                }}
              >
                <input type="hidden" name="intent" value="delete-category" />
                <input type="hidden" name="id" value={category.id} />
                <button type="submit" className="button button-ghost" disabled={busy}>
                  Xoá
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="admin-form" data-testid="category-form">
          <div className="admin-field">
            <label htmlFor="category-name">Tên danh mục mới</label>
            <input id="category-name" name="name" type="text" maxLength={120} required />
          </div>
          <div className="admin-field">
            <label htmlFor="category-description">Mô tả</label>
            <input id="category-description" name="description" type="text" maxLength={500} />
          </div>
          <button type="submit" className="button button-ghost" disabled={busy}>
            Thêm danh mục
          </button>
          {actionData?.error ? (
            <p className="moderation-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
        </Form>
      </section>
    </div>
  );
}
