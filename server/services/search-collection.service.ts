import {
  MAX_SAVED_SEARCHES,
  type SearchCollection,
  type SearchCollectionInput,
  type SearchCollectionUpdate,
} from '#common/contracts/search.schema.ts';
import { AppError } from '#server/errors.ts';
import { requireOwned } from '#server/policies/require.policy.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { parseConditions, presentSearchCollection } from '#server/presenters/search.presenter.ts';

const NOT_FOUND = 'Không tìm thấy tìm kiếm đã lưu này.';

/** A name for a saved search when the reader gives none: the query and its conditions. */
function defaultName(input: Pick<SearchCollectionInput, 'query' | 'conditions'>): string {
  return [input.query, ...input.conditions].join(' + ').slice(0, 120);
}

/** Saved searches: each reader's own, reachable by no one else (others get 404). */
export function createSearchCollectionService(deps: { repos: Repositories; now?: () => Date }) {
  const { repos } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  return {
    async list(userId: number): Promise<SearchCollection[]> {
      return (await repos.searchCollections.listOf(userId)).map(presentSearchCollection);
    },

    async get(userId: number, id: number): Promise<SearchCollection> {
      return presentSearchCollection(requireOwned(await repos.searchCollections.findOwned(userId, id), NOT_FOUND));
    },

    async create(userId: number, input: SearchCollectionInput): Promise<SearchCollection> {
      if ((await repos.searchCollections.countOf(userId)) >= MAX_SAVED_SEARCHES) {
        throw new AppError('CONFLICT', `Bạn đã lưu ${MAX_SAVED_SEARCHES} tìm kiếm, xin xoá bớt trước khi lưu thêm.`);
      }
      const at = now();
      const conditions = input.conditions.filter(Boolean);
      const row = await repos.searchCollections.insert({
        user_id: userId,
        name: input.name || defaultName({ query: input.query, conditions }),
        query: input.query,
        mode: input.mode,
        type: input.type,
        condition_type: conditions.length > 0 ? 'AND' : null,
        conditions: JSON.stringify(conditions),
        created_at: at,
        updated_at: at,
      });
      return presentSearchCollection(row);
    },

    async update(userId: number, id: number, changes: SearchCollectionUpdate): Promise<SearchCollection> {
      const current = requireOwned(await repos.searchCollections.findOwned(userId, id), NOT_FOUND);
      const conditions = changes.conditions?.filter(Boolean);
      const row = await repos.searchCollections.updateOwned(userId, id, {
        ...(changes.name !== undefined
          ? {
              name:
                changes.name ||
                defaultName({
                  query: changes.query ?? current.query,
                  conditions: conditions ?? parseConditions(current.conditions),
                }),
            }
          : {}),
        ...(changes.query !== undefined ? { query: changes.query } : {}),
        ...(changes.mode !== undefined ? { mode: changes.mode } : {}),
        ...(changes.type !== undefined ? { type: changes.type } : {}),
        ...(conditions !== undefined
          ? { conditions: JSON.stringify(conditions), condition_type: conditions.length > 0 ? 'AND' : null }
          : {}),
        updated_at: now(),
      });
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return presentSearchCollection(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repos.searchCollections.removeOwned(userId, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    },
  };
}

export type SearchCollectionService = ReturnType<typeof createSearchCollectionService>;
