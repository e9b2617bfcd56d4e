import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { SITE_NAME } from '#common/constants.ts';
import {
  MEDIA_STATUS_LABELS,
  ZCollectionInputSchema,
  ZIdSchema,
  ZMediaStatusSchema,
} from '#common/contracts/talk-admin.schema.ts';
import { AdminDescriptionField, MoveAndPublishForms, PublishNowCheckbox } from '#app/components/admin/media-forms.tsx';
import { TextField } from '#app/components/forms/text-field.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formatDuration } from '#app/lib/format.ts';
import { formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';
import { statusNotice } from '#app/lib/media-admin-actions.server.ts';
import { moveInOrder } from '#app/lib/move-in-order.ts';
import type { Route } from './+types/talks';
import '#app/styles/admin-media.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  return { collections: (await context.services.talkAdmin.listCollections(user)).items };
}

const ZMoveSchema = z.object({ id: ZIdSchema, direction: z.enum(['up', 'down']) });
const ZStatusSchema = z.object({ id: ZIdSchema, status: ZMediaStatusSchema });

/** Creates a collection, moves one up or down, publishes or unpublishes one. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const admin = context.services.talkAdmin;
  try {
    switch (form.get('intent')) {
      case 'create': {
        const parsed = parseForm(ZCollectionInputSchema, form);
        if (!parsed.ok) return parsed.failure;
        const created = await admin.createCollection(user, parsed.value);
        return { message: `Đã tạo tuyển tập “${created.title}”.`, fields: {} as Record<string, string> };
      }
      case 'move': {
        const parsed = parseForm(ZMoveSchema, form);
        if (!parsed.ok) return parsed.failure;
        const ids = (await admin.listCollections(user)).items.map((c) => c.id);
        await admin.orderCollections(user, moveInOrder(ids, parsed.value.id, parsed.value.direction));
        return { message: null, fields: {} as Record<string, string> };
      }
      case 'status': {
        const parsed = parseForm(ZStatusSchema, form);
        if (!parsed.ok) return parsed.failure;
        const saved = await admin.updateCollection(user, parsed.value.id, { status: parsed.value.status });
        return { message: statusNotice(saved), fields: {} as Record<string, string> };
      }
      default:
        return data({ message: 'Yêu cầu không rõ.', fields: {} as Record<string, string> }, { status: 400 });
    }
  } catch (error) {
    return formFailureOf(error);
  }
}

export function meta() {
  return [{ title: `Pháp âm — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminTalksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { collections } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div className="admin-page admin-media-page">
      <h1>Pháp âm</h1>
      <p className="library-lead">
        Các tuyển tập bài giảng theo thứ tự người nghe thấy. Mở một tuyển tập để tải bài lên (MP3, kèm lời .vtt hoặc
        .srt), sửa, sắp xếp và xuất bản. Bản nháp chỉ người quản trị thấy.
      </p>
      {actionData?.message ? (
        <p className={`media-notice${Object.keys(actionData.fields).length ? ' is-error' : ''}`} role="status">
          {actionData.message}
        </p>
      ) : null}

      <ol className="admin-media-list" data-testid="collection-list">
        {collections.map((collection, i) => {
          const seconds = collection.talks.reduce((sum, t) => sum + t.duration, 0);
          return (
            <li key={collection.id} className="admin-media-row" data-status={collection.status}>
              <div className="admin-media-main">
                <Link to={`/quan-tri/phap-am/${collection.id}`} className="admin-media-title">
                  {collection.title}
                </Link>
                <p className="admin-media-meta">
                  <span className={`media-status media-status-${collection.status}`}>
                    {MEDIA_STATUS_LABELS[collection.status]}
                  </span>
                  <span>{collection.talks.length} bài</span>
                  {seconds > 0 ? <span>{formatDuration(seconds)}</span> : null}
                  {collection.speaker ? <span>{collection.speaker}</span> : null}
                </p>
              </div>
              <MoveAndPublishForms
                moveIntent="move"
                statusIntent="status"
                idName="id"
                item={collection}
                first={i === 0}
                last={i === collections.length - 1}
                busy={busy}
              />
            </li>
          );
        })}
      </ol>
      {collections.length === 0 ? (
        <p className="media-empty">Chưa có tuyển tập nào. Hãy tạo tuyển tập đầu tiên.</p>
      ) : null}

      <section className="admin-section" aria-labelledby="new-collection">
        <h2 id="new-collection">Tạo tuyển tập mới</h2>
        <Form method="post" className="admin-form" data-testid="collection-form">
          <input type="hidden" name="intent" value="create" />
          <TextField
            name="title"
            label="Tên tuyển tập"
            required
            maxLength={200}
            placeholder="Ví dụ: Pháp thoại mùa an cư 2026"
            error={actionData?.fields.title}
          />
          <TextField
            name="speaker"
            label="Người giảng (không bắt buộc)"
            maxLength={200}
            error={actionData?.fields.speaker}
          />
          <AdminDescriptionField id="collection-description" label="Giới thiệu (không bắt buộc)" maxLength={2000} />
          <PublishNowCheckbox />
          <button type="submit" className="button button-primary" disabled={busy}>
            Tạo tuyển tập
          </button>
        </Form>
      </section>
    </div>
  );
}
