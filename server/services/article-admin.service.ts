import type {
  ArticleAdmin,
  ArticleInput,
  CategoryAdmin,
  CategoryInput,
} from '#common/contracts/article-admin.schema.ts';
import type { User } from '#common/contracts/auth.schema.ts';
import { articlePath } from '#common/paths.ts';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_PRESETS } from '#common/constants.ts';
import { AppError } from '#server/errors.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { COVER_MAX_BYTES } from './cover.service.ts';
import { htmlBlocks, summarize } from '#server/lib/html.ts';
import { renderMarkdownHtml } from '#server/lib/markdown-html.ts';
import type { ArticleListRow } from '#server/repositories/article.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { auditActionForEdit, recordAudit } from './audit.service.ts';
import { slugOf } from '#server/lib/slugs.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import { indexArticle } from './search-indexer.service.ts';
import type { Transaction } from './service-context.ts';

const ARTICLE_NOT_FOUND = 'Không tìm thấy bài viết này.';
const CATEGORY_NOT_FOUND = 'Không tìm thấy danh mục này.';
/** The library's own writing: no open licence is claimed (the article page then shows none). */
const OWN_LICENSE = { spdx: 'LicenseRef-PhapBao', name: 'Bài viết của Pháp Bảo', url: '' };

function present(row: ArticleListRow, now: string): ArticleAdmin {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    categoryId: row.category_id,
    categoryName: row.category_name,
    summary: row.summary,
    author: row.author,
    bodyMarkdown: row.body_markdown,
    bodyHtml: row.body_html,
    status: row.status,
    scheduled: row.status === 'published' && row.published_at > now,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    path: articlePath(row.slug),
    coverImage: row.cover_image,
  };
}

/**
 * Articles and categories for admins: written in Markdown, stored as sanitised HTML, published now,
 * scheduled (a date to come) or kept as drafts. Every change is indexed for search and logged in
 * the same transaction.
 */
export function createArticleAdminService(deps: {
  repos: Repositories;
  media: MediaStorage;
  transaction: Transaction;
  onIndexed?: () => void;
  now?: () => Date;
}) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  async function requireArticle(r: Repositories, id: number): Promise<ArticleListRow> {
    const row = await r.articles.findWithCategory(id);
    if (!row) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
    return row;
  }

  /** The slug asked for, else one made from the title; taken by another article → 400. */
  async function slugFor(r: Repositories, input: ArticleInput, selfId: number | null): Promise<string> {
    const slug = input.slug ?? slugOf(input.title);
    if (!slug)
      throw new AppError('VALIDATION_FAILED', 'Không tạo được địa chỉ từ tiêu đề.', { slug: 'Hãy nhập địa chỉ' });
    const owner = await r.articles.findIdBySlug(slug);
    if (owner !== undefined && owner !== selfId) {
      const message = `Địa chỉ “${slug}” đã có bài khác dùng.`;
      throw new AppError('VALIDATION_FAILED', message, { slug: message });
    }
    return slug;
  }

  async function requireCategoryId(r: Repositories, id: number | null | undefined): Promise<number | null> {
    if (!id) return null;
    if (!(await r.articles.findCategoryById(id))) {
      throw new AppError('VALIDATION_FAILED', CATEGORY_NOT_FOUND, { categoryId: CATEGORY_NOT_FOUND });
    }
    return id;
  }

  function fieldsOf(input: ArticleInput) {
    const bodyHtml = renderMarkdownHtml(input.bodyMarkdown);
    return {
      title: input.title,
      // A summary when none is written: the first sentences of the body.
      summary: input.summary ?? (summarize(htmlBlocks(bodyHtml)[0]?.text ?? '') || null),
      author: input.author,
      body_html: bodyHtml,
      body_markdown: input.bodyMarkdown.normalize('NFC'),
      status: input.status,
    };
  }

  const done = <T>(promise: Promise<T>) => promise.finally(() => deps.onIndexed?.());

  /** Any common image → the articleCover preset as WebP, in memory; refuses what is not an image. */
  async function renderCover(bytes: Uint8Array): Promise<Buffer> {
    if (bytes.byteLength === 0 || bytes.byteLength > COVER_MAX_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Ảnh bìa phải có nội dung và không quá 10 MB.');
    }
    const { width, height, fit } = IMAGE_PRESETS.articleCover;
    try {
      return await sharp(bytes, { limitInputPixels: 60_000_000 })
        .rotate()
        .resize(width, height, { fit })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Tệp này không phải là ảnh.');
    }
  }

  return {
    preview: renderMarkdownHtml,

    async list(actor: User, page: number, perPage: number) {
      requireAdmin(actor);
      const { rows, total } = await repos.articles.listAll(perPage, (page - 1) * perPage);
      const at = now();
      return { items: rows.map((r) => present(r, at)), total, page, perPage };
    },

    async get(actor: User, id: number): Promise<ArticleAdmin> {
      requireAdmin(actor);
      return present(await requireArticle(repos, id), now());
    },

    async create(actor: User, input: ArticleInput): Promise<ArticleAdmin> {
      requireAdmin(actor);
      return done(
        deps.transaction(async (r) => {
          const at = now();
          const id = await r.articles.insert({
            ...fieldsOf(input),
            slug: await slugFor(r, input, null),
            category_id: await requireCategoryId(r, input.categoryId),
            cover_image: null,
            published_at: input.publishedAt ?? at,
            created_at: at,
            updated_at: at,
            license_spdx: OWN_LICENSE.spdx,
            license_name: OWN_LICENSE.name,
            license_url: OWN_LICENSE.url,
            license_attribution: null,
            license_note: null,
            source_url: null,
          });
          await indexArticle(r, id);
          await recordAudit(r, actor, {
            action: 'create',
            itemType: 'article',
            itemId: id,
            label: input.title,
            detail: input.status === 'draft' ? 'bản nháp' : `đăng ngày ${input.publishedAt ?? at}`,
          });
          return present(await requireArticle(r, id), at);
        }),
      );
    },

    async update(actor: User, id: number, input: ArticleInput): Promise<ArticleAdmin> {
      requireAdmin(actor);
      return done(
        deps.transaction(async (r) => {
          const before = await requireArticle(r, id);
          const at = now();
          await r.articles.update(id, {
            ...fieldsOf(input),
            slug: await slugFor(r, input, id),
            category_id: await requireCategoryId(r, input.categoryId),
            ...(input.publishedAt ? { published_at: input.publishedAt } : {}),
            updated_at: at,
          });
          await indexArticle(r, id);
          const action = auditActionForEdit(before.status, input.status);
          await recordAudit(r, actor, { action, itemType: 'article', itemId: id, label: input.title });
          return present(await requireArticle(r, id), at);
        }),
      );
    },

    async remove(actor: User, id: number): Promise<void> {
      requireAdmin(actor);
      await done(
        deps.transaction(async (r) => {
          const before = await requireArticle(r, id);
          await r.articles.delete(id);
          await indexArticle(r, id);
          await recordAudit(r, actor, { action: 'delete', itemType: 'article', itemId: id, label: before.title });
        }),
      );
    },

    /** Sets the article's cover (shown above it and in share previews); the previous file goes. */
    async setCover(actor: User, id: number, bytes: Uint8Array): Promise<ArticleAdmin> {
      requireAdmin(actor);
      const article = await requireArticle(repos, id);
      const image = await renderCover(bytes);
      const name = `articles/${article.slug}-${crypto.randomBytes(4).toString('hex')}.webp`;
      await deps.media.write(name, image);
      try {
        return await deps.transaction(async (r) => {
          await r.articles.update(id, { cover_image: `/media/${name}`, updated_at: now() });
          await recordAudit(r, actor, {
            action: 'upload',
            itemType: 'article',
            itemId: id,
            label: article.title,
            detail: 'ảnh bìa',
          });
          return present(await requireArticle(r, id), now());
        });
      } catch (error) {
        await deps.media.remove(name);
        throw error;
      } finally {
        if (article.cover_image?.startsWith('/media/articles/')) {
          const current = await repos.articles.findById(id);
          if (current?.cover_image !== article.cover_image)
            await deps.media.remove(article.cover_image.slice('/media/'.length));
        }
      }
    },

    async listCategories(actor: User): Promise<CategoryAdmin[]> {
      requireAdmin(actor);
      return (await repos.articles.listCategories()).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        description: c.description,
        articleCount: c.article_count,
      }));
    },

    async createCategory(actor: User, input: CategoryInput): Promise<number> {
      requireAdmin(actor);
      return deps.transaction(async (r) => {
        const slug = input.slug ?? slugOf(input.name);
        if (!slug || (await r.articles.findCategoryIdBySlug(slug)) !== undefined) {
          const message = `Địa chỉ danh mục “${slug}” đã có hoặc không hợp lệ.`;
          throw new AppError('VALIDATION_FAILED', message, { slug: message });
        }
        const id = await r.articles.insertCategory({
          slug,
          name: input.name,
          description: input.description,
          position: await r.articles.nextCategoryPosition(),
        });
        await recordAudit(r, actor, { action: 'create', itemType: 'category', itemId: id, label: input.name });
        return id;
      });
    },

    async removeCategory(actor: User, id: number): Promise<void> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        const category = await r.articles.findCategoryById(id);
        if (!category) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
        await r.articles.deleteCategory(id);
        await recordAudit(r, actor, { action: 'delete', itemType: 'category', itemId: id, label: category.name });
      });
    },
  };
}

export type ArticleAdminService = ReturnType<typeof createArticleAdminService>;
