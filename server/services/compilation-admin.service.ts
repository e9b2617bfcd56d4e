import type { User } from '#common/contracts/auth.schema.ts';
import type { CompilationAdmin, CompilationInput, CompilationItemType } from '#common/contracts/compilation.schema.ts';
import { AppError } from '#server/errors.ts';
import type { CompilationRow } from '#server/repositories/compilation.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { auditActionForEdit, recordAudit } from './audit.service.ts';
import { slugOf } from '#server/lib/slugs.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import type { Transaction } from './service-context.ts';

const NOT_FOUND = 'Không tìm thấy tổng hợp này.';
const TYPES: CompilationItemType[] = ['book', 'talk', 'video', 'article'];

/** Compilations for admins: a title, an introduction and an ordered mix of books, talks, videos, articles. */
export function createCompilationAdminService(deps: {
  repos: Repositories;
  transaction: Transaction;
  now?: () => Date;
}) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();

  /** Every item of every kind an editor may pick, by title (drafts marked by their status). */
  async function choices(r: Repositories) {
    const lists = await Promise.all(TYPES.map((type) => r.compilations.listChoices(type)));
    return Object.fromEntries(TYPES.map((type, i) => [type, lists[i]!])) as Record<
      CompilationItemType,
      { id: number; title: string; status: string }[]
    >;
  }

  async function present(r: Repositories, row: CompilationRow): Promise<CompilationAdmin> {
    const [items, all] = await Promise.all([r.compilations.listItemsOf([row.id]), choices(r)]);
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      introduction: row.introduction,
      status: row.status,
      items: items.map((item) => ({
        type: item.item_type,
        id: item.item_id,
        title: all[item.item_type].find((c) => c.id === item.item_id)?.title ?? '(mục đã bị xoá)',
        note: item.note,
      })),
    };
  }

  /** Every item must exist (in any state: a draft shows once it is published). */
  async function checkItems(r: Repositories, input: CompilationInput): Promise<void> {
    const all = await choices(r);
    input.items.forEach((item, i) => {
      if (!all[item.type].some((c) => c.id === item.id)) {
        const message = `Mục thứ ${i + 1} không tồn tại.`;
        throw new AppError('VALIDATION_FAILED', message, { items: message });
      }
    });
  }

  async function requireRow(r: Repositories, id: number): Promise<CompilationRow> {
    const row = await r.compilations.findById(id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  const itemsOf = (input: CompilationInput) =>
    input.items.map((item) => ({ item_type: item.type, item_id: item.id, note: item.note }));

  return {
    choices: async (actor: User) => {
      requireAdmin(actor);
      return choices(repos);
    },

    async list(actor: User): Promise<CompilationAdmin[]> {
      requireAdmin(actor);
      return Promise.all((await repos.compilations.listAll()).map((row) => present(repos, row)));
    },

    async get(actor: User, id: number): Promise<CompilationAdmin> {
      requireAdmin(actor);
      return present(repos, await requireRow(repos, id));
    },

    async create(actor: User, input: CompilationInput): Promise<CompilationAdmin> {
      requireAdmin(actor);
      return deps.transaction(async (r) => {
        await checkItems(r, input);
        let slug = slugOf(input.title) || 'tong-hop';
        for (let n = 2; await r.compilations.findBySlug(slug); n++) slug = `${slugOf(input.title)}-${n}`;
        const at = now();
        const id = await r.compilations.insert({
          slug,
          title: input.title,
          introduction: input.introduction,
          cover_image: null,
          position: await r.compilations.nextPosition(),
          status: input.status,
          created_at: at,
          updated_at: at,
        });
        await r.compilations.replaceItems(id, itemsOf(input));
        await recordAudit(r, actor, {
          action: 'create',
          itemType: 'compilation',
          itemId: id,
          label: input.title,
          detail: `${input.items.length} mục`,
        });
        return present(r, await requireRow(r, id));
      });
    },

    async update(actor: User, id: number, input: CompilationInput): Promise<CompilationAdmin> {
      requireAdmin(actor);
      return deps.transaction(async (r) => {
        const before = await requireRow(r, id);
        await checkItems(r, input);
        await r.compilations.update(id, {
          title: input.title,
          introduction: input.introduction,
          status: input.status,
          updated_at: now(),
        });
        await r.compilations.replaceItems(id, itemsOf(input));
        const action = auditActionForEdit(before.status, input.status);
        await recordAudit(r, actor, {
          action,
          itemType: 'compilation',
          itemId: id,
          label: input.title,
          detail: `${input.items.length} mục`,
        });
        return present(r, await requireRow(r, id));
      });
    },

    async remove(actor: User, id: number): Promise<void> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        const before = await requireRow(r, id);
        await r.compilations.delete(id);
        await recordAudit(r, actor, { action: 'delete', itemType: 'compilation', itemId: id, label: before.title });
      });
    },
  };
}

export type CompilationAdminService = ReturnType<typeof createCompilationAdminService>;
