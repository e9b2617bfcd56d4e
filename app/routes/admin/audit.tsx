import { Form } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { AUDIT_ITEM_LABELS, AUDIT_ITEM_TYPES, ZAuditQuerySchema } from '#common/contracts/admin.schema.ts';
import { AuditList } from '#app/components/admin/audit-list.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import type { Route } from './+types/audit';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const url = new URL(request.url);
  const parsed = ZAuditQuerySchema.safeParse({
    page: url.searchParams.get('page') ?? undefined,
    itemType: url.searchParams.get('loai') ?? undefined,
  });
  const query = parsed.success ? parsed.data : ZAuditQuerySchema.parse({});
  return { log: await context.services.audit.list(user, query), itemType: query.itemType ?? '' };
}

export function meta() {
  return [{ title: `Nhật ký quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { log, itemType } = loaderData;
  const pageCount = Math.max(1, Math.ceil(log.total / log.perPage));
  const hrefFor = (page: number) =>
    `/quan-tri/nhat-ky?${new URLSearchParams({ ...(itemType ? { loai: itemType } : {}), page: String(page) })}`;
  return (
    <div className="admin-page">
      <h1>Nhật ký</h1>
      <p className="library-lead">
        Ai đã làm gì với mục nào, khi nào — mới nhất ở trên. Nhật ký chỉ được ghi thêm, không sửa.
      </p>
      <Form method="get" className="admin-filter">
        <label htmlFor="audit-type">Loại mục</label>
        <select id="audit-type" name="loai" defaultValue={itemType}>
          <option value="">Tất cả</option>
          {AUDIT_ITEM_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUDIT_ITEM_LABELS[type]}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-ghost">
          Lọc
        </button>
      </Form>
      <AuditList entries={log.items} />
      {pageCount > 1 ? <Pagination page={log.page} pageCount={pageCount} hrefFor={hrefFor} /> : null}
    </div>
  );
}
