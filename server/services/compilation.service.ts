import {
  COMPILATION_ITEM_TYPES,
  COMPILATION_MESSAGES,
  type CompilationDetail,
  type CompilationItem,
  type CompilationSummary,
} from '#common/contracts/compilation.schema.ts';
import { AppError } from '#server/errors.ts';
import { presentCompilationItem, presentCompilationSummary } from '#server/presenters/compilation.presenter.ts';
import type { CompilationTarget } from '#server/repositories/compilation.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';

/**
 * Compilations: books, talks, videos and articles gathered around a theme, in the editors'
 * order. An item whose content is not published (a draft, a removed talk) is left out.
 */
export function createCompilationService(deps: { repos: Repositories }) {
  const { repos } = deps;

  /** The visible items of each compilation, in order, keyed by compilation id. */
  async function itemsOf(compilationIds: number[]): Promise<Map<number, CompilationItem[]>> {
    const rows = await repos.compilations.listItemsOf(compilationIds);
    const targets = new Map<string, CompilationTarget>();
    for (const type of COMPILATION_ITEM_TYPES) {
      const ids = [...new Set(rows.filter((r) => r.item_type === type).map((r) => r.item_id))];
      for (const target of await repos.compilations.listPublishedTargets(type, ids)) {
        targets.set(`${type}:${target.id}`, target);
      }
    }
    const out = new Map<number, CompilationItem[]>(compilationIds.map((id) => [id, []]));
    for (const row of rows) {
      const target = targets.get(`${row.item_type}:${row.item_id}`);
      if (target) out.get(row.compilation_id)?.push(presentCompilationItem(row, target));
    }
    return out;
  }

  return {
    async listCompilations(page: number, perPage: number) {
      const [rows, total] = await Promise.all([
        repos.compilations.listPublished(perPage, (page - 1) * perPage),
        repos.compilations.countPublished(),
      ]);
      const items = await itemsOf(rows.map((r) => r.id));
      return {
        items: rows.map((row) => presentCompilationSummary(row, items.get(row.id) ?? [])) as CompilationSummary[],
        total,
        page,
        perPage,
      };
    },

    /** A published compilation with its visible items; null when there is none. */
    async findCompilation(id: number): Promise<CompilationDetail | null> {
      const row = await repos.compilations.findPublished(id);
      if (!row) return null;
      const items = (await itemsOf([row.id])).get(row.id) ?? [];
      return { ...presentCompilationSummary(row, items), items };
    },

    async getCompilation(id: number): Promise<CompilationDetail> {
      const found = await this.findCompilation(id);
      if (!found) throw new AppError('NOT_FOUND', COMPILATION_MESSAGES.notFound);
      return found;
    },
  };
}

export type CompilationService = ReturnType<typeof createCompilationService>;
