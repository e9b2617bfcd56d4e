import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatClock } from '#common/clock.ts';
import { SITE_NAME } from '#common/constants.ts';
import {
  MEDIA_STATUS_LABELS,
  ZCollectionUpdateSchema,
  ZIdSchema,
  ZTalkUpdateSchema,
  type AdminTalk,
} from '#common/contracts/talk-admin.schema.ts';
import { UploadForm } from '#app/components/admin/upload-form.tsx';
import { TextField } from '#app/components/forms/text-field.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { isNotFoundError, parseForm } from '#app/lib/form-errors.server.ts';
import { answerIntent, mediaRowActions } from '#app/lib/media-admin-actions.server.ts';
import { moveInOrder } from '#app/lib/move-in-order.ts';
import type { Route } from './+types/talk-collection';
import '#app/styles/admin-media.css';
import {
  AdminDescriptionField,
  AdminFileField,
  DeleteForm,
  MediaNotice,
  MoveAndPublishForms,
  PublishNowCheckbox,
  RowEditForm,
  rowFieldErrors,
} from '#app/components/admin/media-forms.tsx';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const id = ZIdSchema.safeParse(params.collectionId);
  if (!id.success) throw data('Không tìm thấy tuyển tập này.', { status: 404 });
  try {
    const collection = await context.services.talkAdmin.getCollection(user, id.data);
    const all = await context.services.talkAdmin.listCollections(user);
    return {
      collection,
      others: all.items.map((c) => ({ id: c.id, title: c.title })),
      limitMb: context.services.talkAdmin.uploadLimitMb,
    };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Không tìm thấy tuyển tập này.', { status: 404 });
    throw error;
  }
}

const ZMoveSchema = z.object({ talkId: ZIdSchema, direction: z.enum(['up', 'down']) });

/** Edits the collection; moves, publishes, edits or deletes one of its talks. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const collectionId = ZIdSchema.parse(params.collectionId);
  const form = await request.formData();
  const admin = context.services.talkAdmin;
  const talks = mediaRowActions({
    rowKey: 'talkId',
    updateSchema: ZTalkUpdateSchema,
    update: (id, value) => admin.updateTalk(user, id, value),
    get: (id) => admin.getTalk(user, id),
    remove: (id) => admin.deleteTalk(user, id),
    savedNotice: (talk) =>
      talk.collectionId === collectionId ? `Đã lưu “${talk.title}”.` : `Đã chuyển “${talk.title}” sang tuyển tập khác.`,
    deletedNotice: (talk) => `Đã xoá “${talk.title}” cùng tệp âm thanh và lời.`,
  });
  return answerIntent(
    form,
    {
      async collection(form) {
        const parsed = parseForm(ZCollectionUpdateSchema, form);
        if (!parsed.ok) return parsed.failure;
        await admin.updateCollection(user, collectionId, parsed.value);
        return talks.ok('Đã lưu tuyển tập.');
      },
      async 'talk-move'(form) {
        const parsed = parseForm(ZMoveSchema, form);
        if (!parsed.ok) return parsed.failure;
        const ids = (await admin.getCollection(user, collectionId)).talks.map((t) => t.id);
        await admin.orderTalks(user, collectionId, moveInOrder(ids, parsed.value.talkId, parsed.value.direction));
        return talks.ok(null);
      },
      'talk-status': talks.status,
      'talk-edit': talks.edit,
      'talk-delete': talks.delete,
    },
    talks.unknown,
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const title = loaded?.collection.title ?? 'Tuyển tập';
  return [{ title: `${title} — Pháp âm — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminTalkCollectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, others, limitMb } = loaderData;
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="admin-page admin-media-page">
      <p className="media-back">
        <Link to="/quan-tri/phap-am">← Các tuyển tập</Link>
      </p>
      <div className="media-admin-head">
        <h1>{collection.title}</h1>
        <span className={`media-status media-status-${collection.status}`}>
          {MEDIA_STATUS_LABELS[collection.status]}
        </span>
      </div>
      {collection.status === 'published' ? (
        <p>
          <Link to={collection.path}>Xem trang nghe của tuyển tập →</Link>
        </p>
      ) : (
        <p className="media-hint">Tuyển tập còn là bản nháp: người nghe chưa thấy nó và các bài trong nó.</p>
      )}
      <MediaNotice answer={actionData} />

      <section className="admin-section" aria-labelledby="upload-talk">
        <h2 id="upload-talk">Tải bài giảng lên</h2>
        <UploadForm
          action={`/quan-tri/phap-am/tai-len?ve=/quan-tri/phap-am/${collection.id}`}
          submitLabel="Tải lên"
          testId="talk-upload-form"
        >
          <input type="hidden" name="collectionId" value={collection.id} />
          <AdminFileField
            label={`Tệp MP3 (tối đa ${limitMb} MB)`}
            id="talk-file"
            name="file"
            accept=".mp3,audio/mpeg"
            required
            buttonText="Chọn tệp"
            emptyText="Chưa chọn tệp"
          />
          <AdminFileField
            label="Lời bài giảng (.vtt hoặc .srt, không bắt buộc)"
            id="talk-transcript"
            name="transcript"
            accept=".vtt,.srt,text/vtt"
            buttonText="Chọn tệp"
            emptyText="Chưa chọn tệp"
          />
          <TextField name="title" label="Tên bài (để trống thì lấy tên ghi trong tệp)" maxLength={300} />
          <TextField name="speaker" label="Người giảng (để trống thì lấy trong tệp)" maxLength={200} />
          <PublishNowCheckbox />
        </UploadForm>
      </section>

      <section className="admin-section" aria-labelledby="talks-of">
        <h2 id="talks-of">Các bài ({collection.talks.length})</h2>
        {collection.talks.length === 0 ? <p className="media-empty">Tuyển tập chưa có bài nào.</p> : null}
        <ol className="admin-media-list" data-testid="talk-list">
          {collection.talks.map((talk, i) => (
            <TalkRow
              key={talk.id}
              talk={talk}
              first={i === 0}
              last={i === collection.talks.length - 1}
              busy={busy}
              collections={others}
              error={rowFieldErrors(actionData, 'talkId', talk.id)}
            />
          ))}
        </ol>
      </section>

      <section className="admin-section" aria-labelledby="collection-info">
        <h2 id="collection-info">Thông tin tuyển tập</h2>
        <Form method="post" className="admin-form" data-testid="collection-edit-form">
          <input type="hidden" name="intent" value="collection" />
          <TextField name="title" label="Tên tuyển tập" required maxLength={200} defaultValue={collection.title} />
          <TextField name="speaker" label="Người giảng" maxLength={200} defaultValue={collection.speaker ?? ''} />
          <AdminDescriptionField
            id="collection-description"
            label="Giới thiệu"
            maxLength={2000}
            defaultValue={collection.description}
          />
          <div className="admin-field">
            <label htmlFor="collection-status">Trạng thái</label>
            <select id="collection-status" name="status" defaultValue={collection.status}>
              <option value="published">Đã xuất bản</option>
              <option value="draft">Bản nháp</option>
            </select>
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            Lưu tuyển tập
          </button>
        </Form>
      </section>
    </div>
  );
}

function TalkRow({
  talk,
  first,
  last,
  busy,
  collections,
  error,
}: {
  talk: AdminTalk;
  first: boolean;
  last: boolean;
  busy: boolean;
  collections: { id: number; title: string }[];
  error?: Record<string, string>;
}) {
  return (
    <li className="admin-media-row" data-status={talk.status} data-testid="talk-row">
      <div className="admin-media-main">
        <span className="admin-media-title">{talk.title}</span>
        <p className="admin-media-meta">
          <span className={`media-status media-status-${talk.status}`}>{MEDIA_STATUS_LABELS[talk.status]}</span>
          <span data-testid="talk-duration">{formatClock(talk.duration)}</span>
          {talk.speaker ? <span>{talk.speaker}</span> : null}
          <span>{talk.transcriptUrl ? 'Có lời' : 'Chưa có lời'}</span>
          {talk.status === 'published' ? <Link to={talk.path}>Nghe</Link> : null}
        </p>
      </div>
      <MoveAndPublishForms
        moveIntent="talk-move"
        statusIntent="talk-status"
        idName="talkId"
        item={talk}
        first={first}
        last={last}
        busy={busy}
      />
      <details className="admin-media-details" open={!!error}>
        <summary>Sửa, thêm lời, xoá</summary>
        <RowEditForm intent="talk-edit" idName="talkId" id={talk.id} submitLabel="Lưu bài" busy={busy}>
          <TextField
            name="title"
            label="Tên bài"
            required
            maxLength={300}
            defaultValue={talk.title}
            error={error?.title}
          />
          <TextField name="speaker" label="Người giảng" maxLength={200} defaultValue={talk.speaker ?? ''} />
          <AdminDescriptionField
            id={`talk-description-${talk.id}`}
            label="Giới thiệu"
            maxLength={4000}
            defaultValue={talk.description}
          />
          <div className="admin-field">
            <label htmlFor={`talk-collection-${talk.id}`}>Thuộc tuyển tập</label>
            <select id={`talk-collection-${talk.id}`} name="collectionId" defaultValue={talk.collectionId}>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
        </RowEditForm>
        <UploadForm
          action={`/quan-tri/phap-am/tai-len?loi=${talk.id}&ve=/quan-tri/phap-am/${talk.collectionId}`}
          submitLabel={talk.transcriptUrl ? 'Thay lời' : 'Thêm lời'}
        >
          <AdminFileField
            label="Lời bài giảng (.vtt hoặc .srt)"
            id={`talk-transcript-${talk.id}`}
            name="transcript"
            accept=".vtt,.srt,text/vtt"
            required
            buttonText="Chọn tệp"
            emptyText="Chưa chọn tệp"
          />
        </UploadForm>
        <DeleteForm
          intent="talk-delete"
          idName="talkId"
          id={talk.id}
          question={`Xoá hẳn “${talk.title}” cùng tệp âm thanh và lời?`}
          label="Xoá bài này"
          busy={busy}
        />
      </details>
    </li>
  );
}
