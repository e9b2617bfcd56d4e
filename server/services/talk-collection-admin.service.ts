import type { User } from '#common/contracts/auth.schema.ts';
import type {
  AdminCollection,
  AdminCollectionsPage,
  CollectionInput,
  CollectionUpdate,
} from '#common/contracts/talk-admin.schema.ts';
import { AppError } from '#server/errors.ts';
import { freeSlug, slugOf } from '#server/lib/slugs.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { presentAdminCollection } from '#server/presenters/talk-admin.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { auditActionForEdit, recordAudit } from './audit.service.ts';
import { createMediaUploads, storedTranscriptSegments, type MediaAdminDeps } from './media-upload.ts';
import { indexCollection, indexTalk } from './search-indexer.service.ts';

export const COLLECTION_NOT_FOUND = 'Không tìm thấy tuyển tập pháp âm này.';

export async function requireCollection(r: Repositories, id: number) {
  const collection = await r.talks.findCollectionById(id);
  if (!collection) throw new AppError('NOT_FOUND', COLLECTION_NOT_FOUND);
  return collection;
}

/**
 * The administration of talk collections: create, edit, order, publish. A collection's state
 * decides whether its talks can be found, so an edit re-indexes every talk of it.
 */
export function createTalkCollectionAdminService(deps: MediaAdminDeps) {
  const { repos, media } = deps;
  const { now, withIndex } = createMediaUploads(deps);

  async function indexCollectionWithTalks(r: Repositories, collectionId: number): Promise<void> {
    await indexCollection(r, collectionId);
    for (const talk of await r.talks.listTalksOfCollections([collectionId])) {
      await indexTalk(r, talk.id, await storedTranscriptSegments(media, talk.transcript_file));
    }
  }

  const service = {
    async listCollections(actor: User): Promise<AdminCollectionsPage> {
      requireAdmin(actor);
      const collections = await repos.talks.listAllCollections();
      const talks = await repos.talks.listTalksOfCollections(collections.map((c) => c.id));
      const items = collections.map((c) =>
        presentAdminCollection(
          c,
          talks.filter((t) => t.collection_id === c.id),
        ),
      );
      return { items, total: items.length, page: 1, perPage: Math.max(1, items.length) };
    },

    async getCollection(actor: User, id: number): Promise<AdminCollection> {
      requireAdmin(actor);
      const collection = await requireCollection(repos, id);
      return presentAdminCollection(collection, await repos.talks.listTalksOfCollections([id]));
    },

    async createCollection(actor: User, input: CollectionInput): Promise<AdminCollection> {
      requireAdmin(actor);
      const at = now();
      const id = await withIndex(async (r) => {
        const slug = await freeSlug(slugOf(input.title), async (s) => !!(await r.talks.findCollectionBySlug(s)));
        const id = await r.talks.insertCollection({
          slug,
          title: input.title,
          description: input.description ?? null,
          speaker: input.speaker ?? null,
          cover_image: null,
          position: await r.talks.nextPosition(null),
          status: input.status,
          created_at: at,
          updated_at: at,
        });
        await indexCollection(r, id);
        await recordAudit(r, actor, {
          action: 'create',
          itemType: 'collection',
          itemId: id,
          label: input.title,
          detail: input.status === 'published' ? 'Xuất bản ngay' : 'Bản nháp',
        });
        return id;
      });
      return service.getCollection(actor, id);
    },

    async updateCollection(actor: User, id: number, input: CollectionUpdate): Promise<AdminCollection> {
      requireAdmin(actor);
      await withIndex(async (r) => {
        const before = await requireCollection(r, id);
        await r.talks.updateCollection(id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.speaker !== undefined ? { speaker: input.speaker } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          updated_at: now(),
        });
        await indexCollectionWithTalks(r, id);
        await recordAudit(r, actor, {
          action: auditActionForEdit(before.status, input.status),
          itemType: 'collection',
          itemId: id,
          label: input.title ?? before.title,
        });
      });
      return service.getCollection(actor, id);
    },

    /** Puts every collection in the order of `ids` (all of them, each once). */
    async orderCollections(actor: User, ids: number[]): Promise<AdminCollectionsPage> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        const existing = (await r.talks.listAllCollections()).map((c) => c.id);
        if (ids.length !== existing.length || !existing.every((id) => ids.includes(id))) {
          throw new AppError('VALIDATION_FAILED', 'Hãy gửi đủ mọi tuyển tập, mỗi tuyển tập một lần.', {
            ids: 'Danh sách phải gồm đủ mọi tuyển tập.',
          });
        }
        await r.talks.setCollectionPositions(ids, now());
        await recordAudit(r, actor, {
          action: 'reorder',
          itemType: 'collection',
          itemId: null,
          label: 'Thứ tự các tuyển tập pháp âm',
        });
      });
      return service.listCollections(actor);
    },

    /** Puts the talks of one collection in the order of `ids` (all of them, each once). */
    async orderTalks(actor: User, collectionId: number, ids: number[]): Promise<AdminCollection> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        const collection = await requireCollection(r, collectionId);
        const existing = (await r.talks.listTalksOfCollections([collectionId])).map((t) => t.id);
        if (ids.length !== existing.length || !existing.every((id) => ids.includes(id))) {
          throw new AppError('VALIDATION_FAILED', 'Hãy gửi đủ mọi bài của tuyển tập, mỗi bài một lần.', {
            ids: 'Danh sách phải gồm đủ mọi bài của tuyển tập.',
          });
        }
        await r.talks.setTalkPositions(collectionId, ids, now());
        await recordAudit(r, actor, {
          action: 'reorder',
          itemType: 'collection',
          itemId: collectionId,
          label: collection.title,
          detail: 'Thứ tự các bài',
        });
      });
      return service.getCollection(actor, collectionId);
    },
  };
  return service;
}
