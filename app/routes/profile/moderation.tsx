import type { ReactNode } from 'react';
import { data, Link, useFetcher } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import {
  ZModerationDecisionRequestSchema,
  type ModerationEvent,
  type ModerationQueueItem,
  type PublicNoteGroup,
} from '#common/contracts/note-group.schema.ts';
import { ZCorrectionDecisionRequestSchema, type Correction } from '#common/contracts/correction.schema.ts';
import { QuoteNote } from '#app/components/lists/quote-note.tsx';
import { CorrectionDiff } from '#app/components/corrections/correction-diff.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { formFailureOf } from '#app/lib/form-errors.server.ts';
import { formatDate } from '#app/lib/format.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import type { Route } from './+types/moderation';
import '#app/styles/lists.css';
import '#app/styles/correction-review.css';

const PAGE_SIZE = 10;
const ACTION_LABELS: Record<ModerationEvent['action'], string> = {
  submit: 'gửi duyệt',
  resubmit: 'sửa nội dung, gửi duyệt lại',
  withdraw: 'thôi công khai',
  approve: 'duyệt',
  reject: 'từ chối',
  feature: 'chọn nổi bật',
  unfeature: 'bỏ nổi bật',
};

/** What a reader who may not moderate is told (403), opening the page or posting to it. */
const MODERATORS_PAGE = 'Trang này dành cho người kiểm duyệt';

/** Moderators and admins only: readers who open it are told so (403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context, MODERATORS_PAGE);
  const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
  const [queue, approved, corrections] = await Promise.all([
    context.services.noteGroups.queue(user, page, PAGE_SIZE),
    context.services.noteGroups.listPublic(1, 20),
    // Readers' corrections of paragraphs and transcript lines (decision 0031): the first page.
    context.services.corrections.queue(user, 1, 20),
  ]);
  return { queue, approved: approved.items, corrections };
}

/** approve / reject (with a reason) / feature / unfeature one group. */
export async function action({ request, context }: Route.ActionArgs) {
  // The role before the form: a reader is told 403 whatever they post.
  const user = await requireStaffPage(request, context, MODERATORS_PAGE);
  const form = await request.formData();
  const id = positiveIdOf(String(form.get('id') ?? ''));
  const intent = String(form.get('intent') ?? '');
  if (!id) return data({ ok: false, error: 'Thiếu danh sách cần xử lý.' }, { status: 400 });
  try {
    if (intent === 'accept-correction' || intent === 'refuse-correction') {
      const parsed = ZCorrectionDecisionRequestSchema.safeParse({
        decision: intent === 'accept-correction' ? 'accept' : 'refuse',
        reason: String(form.get('reason') ?? '') || null,
      });
      if (!parsed.success) {
        return data({ ok: false, error: parsed.error.issues[0]?.message ?? 'Dữ liệu không hợp lệ.' }, { status: 400 });
      }
      await context.services.corrections.decide(user, id, parsed.data);
      return { ok: true, error: null };
    }
    if (intent === 'feature' || intent === 'unfeature') {
      await context.services.noteGroups.feature(user, id, intent === 'feature');
      return { ok: true, error: null };
    }
    const parsed = ZModerationDecisionRequestSchema.safeParse({
      decision: intent,
      reason: String(form.get('reason') ?? '') || null,
    });
    if (!parsed.success) {
      return data({ ok: false, error: parsed.error.issues[0]?.message ?? 'Dữ liệu không hợp lệ.' }, { status: 400 });
    }
    await context.services.noteGroups.decide(user, id, parsed.data);
    return { ok: true, error: null };
  } catch (error) {
    const failure = formFailureOf(error);
    return data({ ok: false, error: failure.data.message }, failure.init ?? undefined);
  }
}

export function meta() {
  return [{ title: `Kiểm duyệt — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function ModerationPage({ loaderData }: Route.ComponentProps) {
  const { queue, approved, corrections } = loaderData;
  const pageCount = Math.max(1, Math.ceil(queue.total / queue.perPage));
  return (
    <div className="moderation-page">
      <h1>Kiểm duyệt</h1>
      <p className="library-lead">
        Danh sách trích dẫn bạn đọc muốn công khai chờ ở đây, danh sách chờ lâu nhất ở trên. Duyệt để mọi người cùng
        đọc; từ chối kèm lý do để người soạn biết cần sửa gì. Mọi quyết định đều được ghi lại.
      </p>
      <section aria-labelledby="queue-title">
        <h2 id="queue-title">Đang chờ duyệt ({queue.total})</h2>
        {queue.items.length === 0 ? (
          <p className="search-empty" data-testid="queue-empty">
            Không có danh sách nào đang chờ. Cảm ơn bạn!
          </p>
        ) : (
          <ul className="moderation-items" data-testid="moderation-queue">
            {queue.items.map((item) => (
              <QueueItem key={item.group.id} item={item} />
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <Pagination page={queue.page} pageCount={pageCount} hrefFor={(page) => `/profile/moderation?page=${page}`} />
        ) : null}
      </section>
      <section aria-labelledby="corrections-title" className="lists-section">
        <h2 id="corrections-title">Đề xuất sửa lỗi của bạn đọc ({corrections.total})</h2>
        {corrections.items.length === 0 ? (
          <p className="search-empty" data-testid="corrections-empty">
            Không có đề xuất sửa nào đang chờ.
          </p>
        ) : (
          <ul className="moderation-items" data-testid="correction-queue">
            {corrections.items.map((correction) => (
              <CorrectionItem key={correction.id} correction={correction} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="approved-title" className="lists-section">
        <h2 id="approved-title">Đã duyệt gần đây</h2>
        {approved.length === 0 ? (
          <p className="search-empty">Chưa có danh sách nào được duyệt.</p>
        ) : (
          <ul className="moderation-featured">
            {approved.map((group) => (
              <ApprovedItem key={group.id} group={group} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * One row of a moderation queue (note groups to publish, corrections to a text): what is decided
 * on, then the reason box and the two decisions, and the refusal's message when the action fails.
 */
function ModerationRow({
  testId,
  id,
  reasonId,
  accept,
  refuse,
  children,
}: {
  testId: string;
  id: number;
  reasonId: string;
  accept: { intent: string; label: string };
  refuse: { intent: string; label: string };
  children: ReactNode;
}) {
  const fetcher = useFetcher<{ ok: boolean; error: string | null }>();
  return (
    <li className="moderation-item" data-testid={testId}>
      {children}
      <fetcher.Form method="post" className="moderation-actions">
        <input type="hidden" name="id" value={id} />
        <label className="visually-hidden" htmlFor={reasonId}>
          Lý do (bắt buộc khi từ chối)
        </label>
        <textarea id={reasonId} name="reason" rows={1} maxLength={500} placeholder="Lý do (bắt buộc khi từ chối)" />
        {[
          { ...accept, className: 'button button-primary' },
          { ...refuse, className: 'button button-ghost' },
        ].map((decision) => (
          <button
            key={decision.intent}
            type="submit"
            name="intent"
            value={decision.intent}
            className={decision.className}
            disabled={fetcher.state !== 'idle'}
          >
            {decision.label}
          </button>
        ))}
      </fetcher.Form>
      <ActionError error={fetcher.data?.error} />
    </li>
  );
}

function ActionError({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className="moderation-error" role="alert">
      {error}
    </p>
  ) : null;
}

function QueueItem({ item }: { item: ModerationQueueItem }) {
  const { group } = item;
  return (
    <ModerationRow
      testId="moderation-item"
      id={group.id}
      reasonId={`reason-${group.id}`}
      accept={{ intent: 'approve', label: 'Duyệt' }}
      refuse={{ intent: 'reject', label: 'Từ chối' }}
    >
      <h3>{group.name}</h3>
      <p className="list-detail-meta">
        {group.authorName} · {group.noteCount} trích dẫn
        {item.submittedAt ? ` · gửi ngày ${formatDate(item.submittedAt)}` : ''}
      </p>
      {group.description ? <p>{group.description}</p> : null}
      <ol className="quote-notes">
        {item.notes.map((note) => (
          <QuoteNote key={note.id} note={note} />
        ))}
      </ol>
      {item.history.length > 0 ? (
        <ol className="moderation-history" aria-label="Lịch sử kiểm duyệt">
          {item.history.map((event, i) => (
            <li key={i}>
              {formatDate(event.at)}: {event.actorName ?? 'Người dùng đã xoá'} {ACTION_LABELS[event.action]}
              {event.reason ? ` — “${event.reason}”` : ''}
            </li>
          ))}
        </ol>
      ) : null}
    </ModerationRow>
  );
}

/** A reader's correction: where, who, the words changed (taken out, put in), and the decision. */
function CorrectionItem({ correction }: { correction: Correction }) {
  return (
    <ModerationRow
      testId="correction-item"
      id={correction.id}
      reasonId={`correction-reason-${correction.id}`}
      accept={{ intent: 'accept-correction', label: 'Nhận và sửa' }}
      refuse={{ intent: 'refuse-correction', label: 'Từ chối' }}
    >
      <h3>
        <Link to={correction.path}>{correction.itemLabel}</Link>
      </h3>
      <p className="list-detail-meta">
        {correction.authorName} · gửi ngày {formatDate(correction.createdAt)}
      </p>
      <CorrectionDiff diff={correction.diff} />
      {correction.note ? <p>Ghi chú của bạn đọc: “{correction.note}”</p> : null}
    </ModerationRow>
  );
}

function ApprovedItem({ group }: { group: PublicNoteGroup }) {
  const fetcher = useFetcher<{ ok: boolean; error: string | null }>();
  return (
    <li data-testid="approved-item">
      <span>
        <Link to={group.path}>{group.name}</Link> · {group.authorName}
        {group.featured ? <span className="note-list-badge">Nổi bật</span> : null}
      </span>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={group.id} />
        <button
          type="submit"
          name="intent"
          value={group.featured ? 'unfeature' : 'feature'}
          className="button button-ghost"
          disabled={fetcher.state !== 'idle'}
        >
          {group.featured ? 'Bỏ nổi bật' : 'Chọn nổi bật'}
        </button>
      </fetcher.Form>
      <ActionError error={fetcher.data?.error} />
    </li>
  );
}
