import { Link, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { MEDIA_STATUS_LABELS } from '#common/contracts/talk-admin.schema.ts';
import { ZVideoUpdateSchema, type AdminVideo } from '#common/contracts/video-admin.schema.ts';
import { UploadForm } from '#app/components/admin/upload-form.tsx';
import { TextField } from '#app/components/forms/text-field.tsx';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import { formatDate, formatDuration } from '#app/lib/format.ts';
import { answerIntent, mediaRowActions } from '#app/lib/media-admin-actions.server.ts';
import type { Route } from './+types/videos';
import '#app/styles/admin-media.css';
import {
  AdminDescriptionField,
  AdminFileField,
  DeleteForm,
  MediaNotice,
  PublishNowCheckbox,
  PublishToggleForm,
  RowEditForm,
  rowFieldErrors,
} from '#app/components/admin/media-forms.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  return {
    videos: (await context.services.videoAdmin.list(user)).items,
    limitMb: context.services.talkAdmin.uploadLimitMb,
  };
}

/** Edits, publishes or deletes a video (adding one goes through the upload route, with progress). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const admin = context.services.videoAdmin;
  const videos = mediaRowActions({
    rowKey: 'videoId',
    updateSchema: ZVideoUpdateSchema,
    update: (id, value) => admin.update(user, id, value),
    get: (id) => admin.get(user, id),
    remove: (id) => admin.delete(user, id),
    savedNotice: (video) => `Đã lưu “${video.title}”.`,
    deletedNotice: (video) => `Đã xoá “${video.title}”.`,
  });
  return answerIntent(
    form,
    {
      status: videos.status,
      edit(form) {
        // A blank address leaves a YouTube item's address as it is (files have none).
        if (form.get('url') === '') form.delete('url');
        return videos.edit(form);
      },
      delete: videos.delete,
    },
    videos.unknown,
  );
}

export function meta() {
  return [{ title: `Video — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function AdminVideosPage({ loaderData, actionData }: Route.ComponentProps) {
  const { videos, limitMb } = loaderData;
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="admin-page admin-media-page">
      <h1>Video</h1>
      <p className="library-lead">
        Thêm video YouTube bằng địa chỉ của nó, hoặc tải lên tệp MP4. Ảnh bìa do thư viện giữ: trang video không gọi
        YouTube trước khi người xem bấm phát. Bản nháp chỉ người quản trị thấy.
      </p>
      <MediaNotice answer={actionData} />

      <div className="admin-media-forms">
        <section aria-labelledby="add-youtube">
          <h2 id="add-youtube">Thêm video YouTube</h2>
          <UploadForm action="/quan-tri/video/tai-len" submitLabel="Thêm video" testId="youtube-form">
            <input type="hidden" name="kind" value="youtube" />
            <TextField
              name="url"
              label="Địa chỉ YouTube"
              required
              inputMode="url"
              maxLength={500}
              placeholder="https://www.youtube.com/watch?v=…"
              hint="Dạng youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/… hoặc youtube.com/shorts/…"
            />
            <TextField name="title" label="Tên video" required maxLength={300} />
            <VideoExtraFields prefix="youtube" />
          </UploadForm>
        </section>
        <section aria-labelledby="add-mp4">
          <h2 id="add-mp4">Tải lên tệp MP4</h2>
          <UploadForm action="/quan-tri/video/tai-len" submitLabel="Tải lên" testId="mp4-form">
            <input type="hidden" name="kind" value="file" />
            <AdminFileField
              label={`Tệp MP4 (tối đa ${limitMb} MB)`}
              id="video-file"
              name="file"
              accept=".mp4,video/mp4"
              required
              buttonText="Chọn tệp"
              emptyText="Chưa chọn tệp"
            />
            <TextField name="title" label="Tên video" required maxLength={300} />
            <AdminFileField
              label="Lời (.vtt hoặc .srt, không bắt buộc)"
              id="video-transcript"
              name="transcript"
              accept=".vtt,.srt,text/vtt"
              buttonText="Chọn tệp"
              emptyText="Chưa chọn tệp"
            />
            <VideoExtraFields prefix="file" />
          </UploadForm>
        </section>
      </div>

      <section className="admin-section" aria-labelledby="video-list">
        <h2 id="video-list">Các video ({videos.length})</h2>
        {videos.length === 0 ? <p className="media-empty">Chưa có video nào.</p> : null}
        <ul className="admin-media-list" data-testid="video-list">
          {videos.map((video) => (
            <VideoRow
              key={video.id}
              video={video}
              busy={busy}
              error={rowFieldErrors(actionData, 'videoId', video.id)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

function VideoExtraFields({ prefix }: { prefix: string }) {
  return (
    <>
      <AdminDescriptionField id={`${prefix}-description`} label="Giới thiệu (không bắt buộc)" maxLength={4000} />
      <TextField name="speaker" label="Người giảng (không bắt buộc)" maxLength={200} />
      <AdminFileField
        label="Ảnh bìa (JPEG, PNG hoặc WebP; không bắt buộc)"
        id={`${prefix}-poster`}
        name="poster"
        accept="image/jpeg,image/png,image/webp"
      />
      <PublishNowCheckbox />
    </>
  );
}

function VideoRow({ video, busy, error }: { video: AdminVideo; busy: boolean; error?: Record<string, string> }) {
  return (
    <li className="admin-media-row media-video-row" data-status={video.status} data-testid="video-row">
      <div className="media-video-poster" aria-hidden="true">
        {video.thumbnailUrl ? (
          <img src={video.thumbnailUrl} alt="" width={160} height={90} loading="lazy" />
        ) : (
          <span>{video.title}</span>
        )}
      </div>
      <div className="admin-media-main">
        <span className="admin-media-title">{video.title}</span>
        <p className="admin-media-meta">
          <span className={`media-status media-status-${video.status}`}>{MEDIA_STATUS_LABELS[video.status]}</span>
          <span>{video.provider === 'youtube' ? `YouTube · ${video.youtubeId}` : 'Tệp MP4'}</span>
          {video.duration ? <span>{formatDuration(video.duration)}</span> : null}
          <span>{formatDate(video.publishedAt)}</span>
          {video.status === 'published' ? <Link to={video.path}>Xem</Link> : null}
        </p>
      </div>
      <div className="admin-media-actions">
        <PublishToggleForm intent="status" idName="videoId" id={video.id} status={video.status} busy={busy} />
      </div>
      <details className="admin-media-details" open={!!error}>
        <summary>Sửa, đổi ảnh bìa, xoá</summary>
        <RowEditForm intent="edit" idName="videoId" id={video.id} submitLabel="Lưu video" busy={busy}>
          <TextField
            name="title"
            label="Tên video"
            required
            maxLength={300}
            defaultValue={video.title}
            error={error?.title}
          />
          {video.provider === 'youtube' ? (
            <TextField
              name="url"
              label="Địa chỉ YouTube"
              maxLength={500}
              inputMode="url"
              defaultValue={`https://www.youtube.com/watch?v=${video.youtubeId}`}
              error={error?.url}
            />
          ) : null}
          <TextField name="speaker" label="Người giảng" maxLength={200} defaultValue={video.speaker ?? ''} />
          <AdminDescriptionField
            id={`video-description-${video.id}`}
            label="Giới thiệu"
            maxLength={4000}
            defaultValue={video.description}
          />
        </RowEditForm>
        <UploadForm action={`/quan-tri/video/tai-len?anh=${video.id}`} submitLabel="Đổi ảnh bìa">
          <AdminFileField
            label="Ảnh bìa mới"
            id={`video-poster-${video.id}`}
            name="poster"
            accept="image/jpeg,image/png,image/webp"
            required
          />
        </UploadForm>
        <DeleteForm
          intent="delete"
          idName="videoId"
          id={video.id}
          question={`Xoá hẳn “${video.title}”?`}
          label="Xoá video này"
          busy={busy}
        />
      </details>
    </li>
  );
}
