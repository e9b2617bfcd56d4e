import { useEffect, useRef, useState } from 'react';
import { Form, Link, useFetcher, useSubmit } from 'react-router';
import {
  NOTE_GROUP_DESCRIPTION_MAX,
  NOTE_GROUP_NAME_MAX,
  NOTE_SORT_LABELS,
  NOTE_SORTS,
  type ModerationEvent,
  type NoteGroup,
  type NoteGroupWithNotes,
  type NoteSortKey,
} from '#common/contracts/note-group.schema.ts';
import {
  HIGHLIGHT_COLORS,
  NOTE_BODY_MAX,
  NOTE_CONTENT_MAX,
  NOTE_SOURCE_TITLE_MAX,
  type Note,
} from '#common/contracts/note.schema.ts';
import { COLOR_LABELS } from '#app/components/reader/annotations.tsx';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { formatDate, formatNumber } from '#app/lib/format.ts';
import { noteGroupStore } from '#app/lib/note-group-store.ts';
import { showToast } from '#app/lib/toast-store.ts';
import type { NoteGroupsAction } from '#app/routes/profile/note-groups.tsx';
import { NoteCard } from './note-card.tsx';
import { noteGroupPageHref, sortParamOf } from './note-group-params.ts';
import { NoteGroupStateBadge } from './note-group-state.tsx';
import { noteLabel, SortableNotes } from './sortable-notes.tsx';

const EVENT_LABELS: Record<ModerationEvent['action'], string> = {
  submit: 'Gửi duyệt',
  resubmit: 'Gửi duyệt lại sau khi sửa',
  withdraw: 'Thôi công khai',
  approve: 'Được duyệt',
  reject: 'Bị từ chối',
  feature: 'Được chọn làm nổi bật',
  unfeature: 'Thôi nổi bật',
};

const MODERATOR_ACTIONS = new Set<ModerationEvent['action']>(['approve', 'reject', 'feature', 'unfeature']);

/** /profile/note-group/{id}: one of the reader's groups, its notes, and everything done with it. */
export function NoteGroupView({
  group,
  notes,
  history,
  sort,
  keyword,
}: NoteGroupWithNotes & { history: ModerationEvent[]; sort: NoteSortKey; keyword: string }) {
  const pageCount = Math.max(1, Math.ceil(notes.total / notes.perPage));
  const reorderable = sort === 'custom' && keyword === '';
  const [editing, setEditing] = useState(false);
  // The group the reader is looking at is the one they are likely to add to next.
  useEffect(() => noteGroupStore.addNoteGroup(group), [group]);

  return (
    <section className="note-group" aria-labelledby="note-group-title">
      <nav className="breadcrumb" aria-label="Đường dẫn">
        <ol>
          <li>
            <Link to="/profile/note-group">Nhóm ghi chú</Link>
          </li>
        </ol>
      </nav>

      <header className="note-group-header">
        <NoteGroupStateBadge group={group} />
        <h1 id="note-group-title">{group.name}</h1>
        {group.description ? <p className="note-groups-lead">{group.description}</p> : null}
        <p className="note-group-meta">
          {group.noteCount === 0 ? 'Chưa có ghi chú' : `${formatNumber(group.noteCount)} ghi chú`} · Sửa lần cuối{' '}
          {formatDate(group.updatedAt)}
        </p>
        <div className="note-group-actions">
          {group.noteCount > 0 ? (
            <a href={`/profile/note-group/${group.id}/pdf`} className="button button-primary" download>
              Tải PDF
            </a>
          ) : null}
          <button
            type="button"
            className="button button-ghost"
            aria-expanded={editing}
            aria-controls="note-group-edit"
            onClick={() => setEditing(!editing)}
          >
            Sửa tên
          </button>
          <DeleteGroup group={group} />
        </div>
        {editing ? <EditGroup group={group} onDone={() => setEditing(false)} /> : null}
      </header>

      <PublishPanel group={group} />

      <section className="note-group-notes" aria-labelledby="note-group-notes-title">
        <h2 id="note-group-notes-title" className="visually-hidden">
          Các ghi chú
        </h2>
        {group.noteCount > 0 ? (
          <NotesToolbar key={`${sort}|${keyword}`} group={group} sort={sort} keyword={keyword} />
        ) : null}
        {notes.items.length === 0 ? (
          group.noteCount === 0 ? (
            <div className="empty-state">
              <p>
                Nhóm này chưa có ghi chú nào. Khi đọc kinh, chọn một đoạn văn, chọn nhóm “{group.name}” trong khung đánh
                dấu rồi chọn màu; hoặc chép một câu từ nơi khác vào mục “Thêm trích dẫn” bên dưới.
              </p>
              <Link to="/sach" className="button button-ghost">
                Mở kinh sách
              </Link>
            </div>
          ) : (
            <div className="empty-state">
              <p>
                {keyword ? `Không có ghi chú nào chứa “${keyword}”.` : 'Trang này không có ghi chú nào.'}{' '}
                <Link to={noteGroupPageHref(group.id, { sort })}>Xem tất cả ghi chú</Link>
              </p>
            </div>
          )
        ) : reorderable ? (
          <>
            <p className="note-groups-muted">Kéo ⠿ để đổi thứ tự (hoặc chọn ⠿, nhấn phím cách, dùng phím mũi tên).</p>
            <SortableNotes
              notes={notes.items}
              offset={(notes.page - 1) * notes.perPage}
              renderActions={(note) => <RemoveNote note={note} />}
            />
          </>
        ) : (
          <ol className="note-list" data-testid="note-list">
            {notes.items.map((note) => (
              <li key={note.id}>
                <NoteCard note={note}>
                  <RemoveNote note={note} />
                </NoteCard>
              </li>
            ))}
          </ol>
        )}
        {pageCount > 1 ? (
          <Pagination
            page={notes.page}
            pageCount={pageCount}
            hrefFor={(page) => noteGroupPageHref(group.id, { sort, keyword, page })}
          />
        ) : null}
      </section>

      <AddQuote />
      <History events={history} />
    </section>
  );
}

/** Sort and search inside the group: a GET form, so the choice lives in the address and survives a reload. */
function NotesToolbar({ group, sort, keyword }: { group: NoteGroup; sort: NoteSortKey; keyword: string }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="note-toolbar" role="search" aria-label="Sắp xếp và tìm trong nhóm">
      <div className="field note-toolbar-sort">
        <label htmlFor="note-sort">Sắp xếp</label>
        <select
          id="note-sort"
          name="sap-xep"
          defaultValue={sortParamOf(sort)}
          onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
        >
          {NOTE_SORTS.map((s) => (
            <option key={s} value={sortParamOf(s)}>
              {NOTE_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field note-toolbar-search">
        <label htmlFor="note-search">Tìm trong nhóm</label>
        <div className="note-toolbar-row">
          <input
            id="note-search"
            name="tim"
            type="search"
            defaultValue={keyword}
            maxLength={200}
            placeholder="Từ trong đoạn trích, ghi chú, nguồn…"
          />
          <button type="submit" className="button button-ghost">
            Tìm
          </button>
        </div>
      </div>
      {sort !== 'custom' && group.noteCount > 1 ? (
        <p className="note-toolbar-hint">Chọn “{NOTE_SORT_LABELS.custom}” để kéo thả sắp xếp theo ý bạn.</p>
      ) : null}
    </Form>
  );
}

function RemoveNote({ note }: { note: Note }) {
  const fetcher = useFetcher<NoteGroupsAction>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove-note" />
      <input type="hidden" name="noteId" value={note.id} />
      <button
        type="submit"
        className="link-button"
        disabled={fetcher.state !== 'idle'}
        aria-label={`Bỏ ghi chú “${noteLabel(note)}” khỏi nhóm`}
      >
        Bỏ khỏi nhóm
      </button>
    </fetcher.Form>
  );
}

function EditGroup({ group, onDone }: { group: NoteGroup; onDone: () => void }) {
  const fetcher = useFetcher<NoteGroupsAction>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) {
      doneRef.current();
      showToast('Đã lưu tên và lời giới thiệu.', 'success');
    }
  }, [fetcher.state, fetcher.data]);
  const fields = result && !result.ok ? result.fields : {};
  const message = result && !result.ok ? result.message : null;
  return (
    <fetcher.Form method="post" id="note-group-edit" className="note-group-form note-group-popover" noValidate>
      <input type="hidden" name="intent" value="rename" />
      <div className={`field${fields.name ? ' is-invalid' : ''}`}>
        <label htmlFor="edit-group-name">Tên nhóm</label>
        <input
          id="edit-group-name"
          name="name"
          maxLength={NOTE_GROUP_NAME_MAX}
          defaultValue={group.name}
          aria-invalid={fields.name ? true : undefined}
        />
        {fields.name ? (
          <p className="field-error" role="alert">
            {fields.name}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="edit-group-description">Lời giới thiệu (không bắt buộc)</label>
        <textarea
          id="edit-group-description"
          name="description"
          rows={3}
          maxLength={NOTE_GROUP_DESCRIPTION_MAX}
          defaultValue={group.description ?? ''}
        />
      </div>
      {group.moderationState === 'approved' ? (
        <p className="field-hint">Danh sách đang công khai: sửa tên hay lời giới thiệu sẽ gửi nó đi duyệt lại.</p>
      ) : null}
      {message ? (
        <p className="form-message" role="alert">
          {message}
        </p>
      ) : null}
      <div className="note-group-publish-actions">
        <button type="submit" className="button button-primary" disabled={fetcher.state !== 'idle'}>
          Lưu
        </button>
        <button type="button" className="button button-ghost" onClick={onDone}>
          Huỷ
        </button>
      </div>
    </fetcher.Form>
  );
}

function DeleteGroup({ group }: { group: NoteGroup }) {
  return (
    <Form
      method="post"
      onSubmit={(e) => {
        const ok = confirm(
          `Xoá nhóm “${group.name}”? Các ghi chú trong nhóm vẫn được giữ lại, ở mục “Ghi chú chưa vào nhóm”.`,
        );
        if (!ok) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete-group" />
      <button type="submit" className="button button-ghost note-group-delete">
        Xoá nhóm
      </button>
    </Form>
  );
}

/** Publishing: private → waiting for a moderator → public (or rejected, with the reason). */
function PublishPanel({ group }: { group: NoteGroup }) {
  const fetcher = useFetcher<NoteGroupsAction>();
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const busy = fetcher.state !== 'idle';
  const button = (intent: 'publish' | 'unpublish', label: string, primary = false) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button ${primary ? 'button-primary' : 'button-ghost'}`}
      disabled={busy}
    >
      {label}
    </button>
  );
  const state = !group.isPublic ? 'none' : group.moderationState;
  return (
    <section
      className="note-group-publish"
      data-state={state}
      aria-labelledby="publish-title"
      data-testid="publish-panel"
    >
      <h2 id="publish-title">Chia sẻ với mọi người</h2>
      <fetcher.Form method="post">
        {state === 'none' ? (
          <>
            <p>
              Danh sách này đang riêng tư, chỉ bạn thấy. Khi công khai, một người kiểm duyệt sẽ đọc trước; được duyệt
              rồi, danh sách mới hiện trên trang “Danh sách trích dẫn” cho mọi người cùng đọc.
            </p>
            {button('publish', 'Công khai danh sách', true)}
          </>
        ) : state === 'pending' ? (
          <>
            <p>
              <strong>Chờ duyệt.</strong> Người kiểm duyệt sẽ đọc danh sách trước khi nó hiện cho mọi người. Trong lúc
              chờ, chỉ bạn thấy danh sách này.
            </p>
            {button('unpublish', 'Thôi công khai')}
          </>
        ) : state === 'approved' ? (
          <>
            <p>
              <strong>Đã công khai.</strong> Mọi người đọc được danh sách này
              {group.featured ? ', và nó đang được giới thiệu nổi bật' : ''}. Nếu bạn sửa, thêm hay bớt ghi chú, danh
              sách sẽ được duyệt lại.
            </p>
            <div className="note-group-publish-actions">
              <Link to={group.publicPath} className="button button-primary">
                Xem trang công khai
              </Link>
              {button('unpublish', 'Thôi công khai')}
            </div>
          </>
        ) : (
          <>
            <p>
              <strong>Bị từ chối.</strong> Người kiểm duyệt chưa đồng ý công khai danh sách này.
            </p>
            {group.moderationReason ? (
              <blockquote className="note-group-reason" data-testid="rejection-reason">
                {group.moderationReason}
              </blockquote>
            ) : null}
            <p>Sửa theo góp ý rồi gửi duyệt lại, hoặc để danh sách ở chế độ riêng tư.</p>
            <div className="note-group-publish-actions">
              {button('publish', 'Gửi duyệt lại', true)}
              {button('unpublish', 'Để riêng tư')}
            </div>
          </>
        )}
        {failed ? (
          <p className="form-message" role="alert">
            {failed}
          </p>
        ) : null}
      </fetcher.Form>
    </section>
  );
}

/** A quote typed by hand: words read elsewhere (a talk, a book on paper, a web page), with their source. */
function AddQuote() {
  const fetcher = useFetcher<NoteGroupsAction>();
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) {
      formRef.current?.reset();
      if (detailsRef.current) detailsRef.current.open = false;
      showToast('Đã thêm trích dẫn vào nhóm.', 'success');
    }
  }, [fetcher.state, fetcher.data]);
  const fields = result && !result.ok ? result.fields : {};
  const message = result && !result.ok ? result.message : null;
  const error = (name: string) =>
    fields[name] ? (
      <p className="field-error" role="alert">
        {fields[name]}
      </p>
    ) : null;
  return (
    <details className="note-groups-section note-quote" ref={detailsRef}>
      <summary>
        <h2>Thêm trích dẫn</h2>
        <span className="note-groups-muted">Một câu bạn đọc hay nghe ở nơi khác, kèm nguồn của nó.</span>
      </summary>
      <fetcher.Form method="post" className="note-group-form" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="add-quote" />
        <div className={`field${fields.content ? ' is-invalid' : ''}`}>
          <label htmlFor="quote-content">Đoạn trích</label>
          <textarea id="quote-content" name="content" rows={4} maxLength={NOTE_CONTENT_MAX} />
          {error('content')}
        </div>
        <div className={`field${fields.sourceTitle ? ' is-invalid' : ''}`}>
          <label htmlFor="quote-source">Nguồn</label>
          <input
            id="quote-source"
            name="sourceTitle"
            maxLength={NOTE_SOURCE_TITLE_MAX}
            placeholder="Ví dụ: Kinh Pháp Cú, phẩm Song yếu"
          />
          {error('sourceTitle')}
        </div>
        <div className={`field${fields.sourceUrl ? ' is-invalid' : ''}`}>
          <label htmlFor="quote-url">Địa chỉ web của nguồn (không bắt buộc)</label>
          <input id="quote-url" name="sourceUrl" type="url" inputMode="url" maxLength={500} placeholder="https://" />
          {error('sourceUrl')}
        </div>
        <fieldset className="note-quote-colors">
          <legend>Màu</legend>
          {HIGHLIGHT_COLORS.map((color, i) => (
            <label key={color} className="swatch-choice" title={COLOR_LABELS[color]}>
              <input type="radio" name="color" value={color} defaultChecked={i === 1} />
              <span className="swatch" data-color={color} aria-hidden="true" />
              <span className="visually-hidden">{COLOR_LABELS[color]}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="quote-body">Ghi chú của bạn (không bắt buộc)</label>
          <textarea id="quote-body" name="body" rows={3} maxLength={NOTE_BODY_MAX} placeholder="Điều bạn muốn nhớ…" />
        </div>
        {message ? (
          <p className="form-message" role="alert">
            {message}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button-primary" disabled={fetcher.state !== 'idle'}>
            Thêm vào nhóm
          </button>
        </div>
      </fetcher.Form>
    </details>
  );
}

function History({ events }: { events: ModerationEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section className="note-groups-section note-group-history" aria-labelledby="history-title">
      <h2 id="history-title">Lịch sử kiểm duyệt</h2>
      <ol data-testid="moderation-history">
        {events.map((event, i) => (
          <li key={i}>
            <span className="note-group-history-when">{formatDate(event.at)}</span>
            <span>
              {EVENT_LABELS[event.action]}
              {/* The reader's own steps need no name; a moderator's decision says who made it. */}
              {event.actorName && MODERATOR_ACTIONS.has(event.action) ? ` — ${event.actorName}` : ''}
              {event.reason ? <span className="note-group-history-reason">: {event.reason}</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
