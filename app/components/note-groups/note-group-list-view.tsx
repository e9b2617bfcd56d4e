import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import {
  NOTE_GROUP_DESCRIPTION_MAX,
  NOTE_GROUP_NAME_MAX,
  type NoteGroup,
} from '#common/contracts/note-group.schema.ts';
import type { Note, NotesPage } from '#common/contracts/note.schema.ts';
import { noteGroupPath } from '#common/paths.ts';
import { Pagination } from '#app/components/ui/pagination.tsx';
import { formatNumber } from '#app/lib/format.ts';
import { noteGroupStore } from '#app/lib/note-group-store.ts';
import { showToast } from '#app/lib/toast-store.ts';
import type { NoteGroupsAction } from '#app/routes/profile/note-groups.tsx';
import { NoteCard } from './note-card.tsx';
import { NoteGroupStateBadge } from './note-group-state.tsx';

const NOTE_GROUPS_PATH = '/profile/note-group';

/** /profile/note-group: the reader's groups, a form to make one, and the notes in no group yet. */
export function NoteGroupListView({ groups, ungrouped }: { groups: NoteGroup[]; ungrouped: NotesPage }) {
  const pageCount = Math.max(1, Math.ceil(ungrouped.total / ungrouped.perPage));
  // The store's list follows the page (the reader's popup in a chapter offers these groups).
  useEffect(() => noteGroupStore.setAllNoteGroups(groups), [groups]);
  return (
    <section className="note-groups" aria-labelledby="note-groups-title">
      <header className="note-groups-header">
        <p className="eyebrow">Tuyển tập của bạn</p>
        <h1 id="note-groups-title">Nhóm ghi chú</h1>
        <p className="note-groups-lead">
          Gom những đoạn kinh đã chạm đến bạn thành từng nhóm: sắp xếp theo ý mình, tải về thành PDF, hoặc công khai để
          người khác cùng đọc.
        </p>
      </header>

      {groups.length === 0 ? (
        <div className="empty-state note-groups-empty">
          <p>
            Bạn chưa có nhóm ghi chú nào. Hãy đặt tên cho nhóm đầu tiên bên dưới — chẳng hạn “Lời dạy về từ bi” — rồi
            khi đọc kinh, chọn đoạn văn, đánh dấu và chọn nhóm ấy.
          </p>
        </div>
      ) : (
        <ul className="note-group-cards" data-testid="note-group-list">
          {groups.map((g) => (
            <li key={g.id}>
              <Link to={noteGroupPath(g.id)} className="note-group-card" data-testid="note-group-card">
                <span className="note-group-card-top">
                  <span className="note-group-card-title">{g.name}</span>
                  <NoteGroupStateBadge group={g} />
                </span>
                {g.description ? <span className="note-group-card-text">{g.description}</span> : null}
                <span className="note-group-card-meta">
                  {g.noteCount === 0 ? 'Chưa có ghi chú' : `${formatNumber(g.noteCount)} ghi chú`}
                </span>
                {g.moderationState === 'rejected' && g.moderationReason ? (
                  <span className="note-group-card-reason">Lý do từ chối: {g.moderationReason}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}

      <CreateGroupForm />

      <section className="note-groups-section" aria-labelledby="ungrouped-title">
        <h2 id="ungrouped-title">
          Ghi chú chưa vào nhóm{ungrouped.total > 0 ? ` (${formatNumber(ungrouped.total)})` : ''}
        </h2>
        {ungrouped.total === 0 ? (
          <p className="note-groups-muted">
            Mọi ghi chú của bạn đều đã có nhóm. Khi đọc một chương, chọn đoạn văn rồi chọn màu để đánh dấu; đoạn nào
            chưa chọn nhóm sẽ nằm ở đây.
          </p>
        ) : (
          <ul className="note-list" data-testid="ungrouped-notes">
            {ungrouped.items.map((note) => (
              <li key={note.id}>
                <NoteCard note={note}>
                  <MoveNoteForm note={note} groups={groups} />
                </NoteCard>
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <Pagination
            page={ungrouped.page}
            pageCount={pageCount}
            hrefFor={(page) => (page > 1 ? `${NOTE_GROUPS_PATH}?page=${page}` : NOTE_GROUPS_PATH)}
          />
        ) : null}
      </section>
    </section>
  );
}

function CreateGroupForm() {
  const fetcher = useFetcher<NoteGroupsAction>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || !('group' in fetcher.data) || !fetcher.data.group) return;
    noteGroupStore.addNoteGroup(fetcher.data.group);
    showToast(`Đã tạo nhóm “${fetcher.data.group.name}”.`, 'success');
    formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const fields = result && !result.ok ? result.fields : {};
  const message = result && !result.ok ? (result.message ?? null) : null;
  return (
    <section className="note-groups-section note-group-create" aria-labelledby="create-group-title">
      <h2 id="create-group-title">Tạo nhóm mới</h2>
      <fetcher.Form method="post" ref={formRef} className="note-group-form" noValidate>
        <input type="hidden" name="intent" value="create-group" />
        <div className={`field${fields.name ? ' is-invalid' : ''}`}>
          <label htmlFor="note-group-name">Tên nhóm</label>
          <input
            id="note-group-name"
            name="name"
            maxLength={NOTE_GROUP_NAME_MAX}
            placeholder="Ví dụ: Lời dạy về từ bi"
            aria-invalid={fields.name ? true : undefined}
            aria-describedby={fields.name ? 'note-group-name-error' : undefined}
          />
          {fields.name ? (
            <p className="field-error" id="note-group-name-error" role="alert">
              {fields.name}
            </p>
          ) : null}
        </div>
        <div className={`field${fields.description ? ' is-invalid' : ''}`}>
          <label htmlFor="note-group-description">Lời giới thiệu (không bắt buộc)</label>
          <textarea
            id="note-group-description"
            name="description"
            rows={2}
            maxLength={NOTE_GROUP_DESCRIPTION_MAX}
            placeholder="Nhóm này gom những đoạn nào, để làm gì…"
          />
          {fields.description ? (
            <p className="field-error" role="alert">
              {fields.description}
            </p>
          ) : null}
        </div>
        {message ? (
          <p className="form-message" role="alert">
            {message}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button-primary" disabled={fetcher.state !== 'idle'}>
            Tạo nhóm
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function MoveNoteForm({ note, groups }: { note: Note; groups: NoteGroup[] }) {
  const fetcher = useFetcher<NoteGroupsAction>();
  if (groups.length === 0) return <p className="note-groups-muted">Tạo một nhóm để xếp ghi chú này vào.</p>;
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" className="note-move">
      <input type="hidden" name="intent" value="move-note" />
      <input type="hidden" name="noteId" value={note.id} />
      <label className="visually-hidden" htmlFor={`move-${note.id}`}>
        Nhóm cho ghi chú này
      </label>
      <select id={`move-${note.id}`} name="noteGroupId" defaultValue={groups[0]!.id}>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-ghost" disabled={fetcher.state !== 'idle'}>
        Chuyển vào nhóm
      </button>
      {failed ? (
        <p className="field-error" role="alert">
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
