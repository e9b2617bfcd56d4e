import { data, Link, useFetcher } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import type { Correction } from '#common/contracts/correction.schema.ts';
import { CorrectionDiff } from '#app/components/corrections/correction-diff.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { formatDate, formatNumber } from '#app/lib/format.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/corrections';
import '#app/styles/lists.css';
import '#app/styles/correction-review.css';

const PAGE_SIZE = 10;

/** What became of a correction, in the reader's words. */
export const CORRECTION_STATE_LABELS: Record<Correction['state'], string> = {
  pending: 'Đang chờ',
  accepted: 'Đã nhận',
  refused: 'Không nhận',
};

/** Logged-in only: the reader's own corrections (the service lists only theirs), newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
  return { corrections: await context.services.corrections.listMine(user.id, page, PAGE_SIZE) };
}

/** Withdraws one of the reader's waiting corrections; another reader's id is "not found" (404). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = await request.formData();
  const id = positiveIdOf(String(form.get('id') ?? ''));
  if (form.get('intent') !== 'withdraw' || !id) {
    return data({ ok: false, error: 'Yêu cầu không hợp lệ.' }, { status: 400 });
  }
  try {
    await context.services.corrections.withdraw(user.id, id);
    return { ok: true, error: null };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false, error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta() {
  return [{ title: `Góp ý sửa lỗi của tôi — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function CorrectionsPage({ loaderData }: Route.ComponentProps) {
  const { corrections } = loaderData;
  const pageCount = Math.max(1, Math.ceil(corrections.total / corrections.perPage));
  return (
    <section className="my-corrections" aria-labelledby="my-corrections-title">
      <h1 id="my-corrections-title">Góp ý sửa lỗi của tôi</h1>
      <p className="library-lead">
        Những đoạn kinh sách và dòng lời giảng bạn đề nghị sửa, mới nhất ở trên. Khi người kiểm duyệt nhận, trang được
        sửa và tên bạn được ghi cảm ơn; khi không nhận, lý do ghi ở đây.
      </p>
      {corrections.items.length === 0 ? (
        <p className="search-empty" data-testid="my-corrections-empty">
          {corrections.total === 0
            ? 'Bạn chưa gửi đề xuất sửa nào. Khi đọc, chọn một đoạn rồi bấm “Sửa lỗi”; khi nghe, bấm cây bút cạnh dòng lời.'
            : 'Trang này không có đề xuất nào.'}
        </p>
      ) : (
        <ul className="moderation-items" data-testid="my-corrections">
          {corrections.items.map((correction) => (
            <MyCorrection key={correction.id} correction={correction} />
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <Pagination
          page={corrections.page}
          pageCount={pageCount}
          hrefFor={(page) => `/profile/correction?page=${page}`}
        />
      ) : null}
      {corrections.total > 0 ? (
        <p className="list-detail-meta">Tổng cộng {formatNumber(corrections.total)} đề xuất.</p>
      ) : null}
    </section>
  );
}

/** One correction: where, the words changed, its state (and the moderator's reason), withdraw while waiting. */
function MyCorrection({ correction }: { correction: Correction }) {
  const fetcher = useFetcher<{ ok: boolean; error: string | null }>();
  return (
    <li className="moderation-item" data-testid="my-correction" data-state={correction.state}>
      <h2 className="my-correction-title">
        <Link to={correction.path}>{correction.itemLabel}</Link>
      </h2>
      <p className="list-detail-meta">
        <span className={`correction-state correction-state-${correction.state}`}>
          {CORRECTION_STATE_LABELS[correction.state]}
        </span>{' '}
        · gửi ngày {formatDate(correction.createdAt)}
        {correction.decidedAt ? ` · xét ngày ${formatDate(correction.decidedAt)}` : ''}
      </p>
      <CorrectionDiff diff={correction.diff} />
      {correction.note ? <p>Ghi chú của bạn: “{correction.note}”</p> : null}
      {correction.state === 'refused' && correction.reason ? (
        <p data-testid="correction-reason">Lý do không nhận: {correction.reason}</p>
      ) : null}
      {correction.state === 'pending' ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="id" value={correction.id} />
          <button type="submit" className="button button-ghost" disabled={fetcher.state !== 'idle'}>
            Rút lại đề xuất
          </button>
        </fetcher.Form>
      ) : null}
      {fetcher.data?.error ? (
        <p className="moderation-error" role="alert">
          {fetcher.data.error}
        </p>
      ) : null}
    </li>
  );
}
