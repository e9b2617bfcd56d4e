import {
  searchUrl,
  type SearchCollection,
  ZSearchModeSchema,
  ZSearchTypeSchema,
} from '#common/contracts/search.schema.ts';
import type { SearchCollectionRow } from '#server/repositories/search-collection.repository.ts';

/** The conditions of a saved search (stored as a JSON array; anything else reads as none). */
export function parseConditions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function presentSearchCollection(row: SearchCollectionRow): SearchCollection {
  const conditions = parseConditions(row.conditions);
  const mode = ZSearchModeSchema.catch('strict').parse(row.mode);
  const type = ZSearchTypeSchema.catch('all').parse(row.type);
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    mode,
    type,
    conditionType: row.condition_type === 'AND' ? 'AND' : null,
    conditions,
    url: searchUrl({ query: row.query, mode, type, conditions }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
