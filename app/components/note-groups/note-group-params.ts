import { NOTE_SORTS, type NoteSortKey } from '#common/contracts/note-group.schema.ts';
import { noteGroupPath } from '#common/paths.ts';

/** A group's page shows this many notes at a time. */
export const NOTES_PER_PAGE = 20;

/** The sort in the address, in Vietnamese like the library's own parameters (?sap-xep=moi-nhat). */
const SORT_PARAMS: Record<NoteSortKey, string> = {
  'a-z': 'a-z',
  'z-a': 'z-a',
  newest: 'moi-nhat',
  oldest: 'cu-nhat',
  custom: 'thu-tu-cua-toi',
};

export function sortFromParam(value: string | null): NoteSortKey {
  return NOTE_SORTS.find((s) => SORT_PARAMS[s] === value) ?? 'a-z';
}

/** The address of a group's page with its sort, search and page (defaults left out). */
export function noteGroupPageHref(
  id: number,
  options: { sort?: NoteSortKey; keyword?: string; page?: number },
): string {
  const params = new URLSearchParams();
  if (options.sort && options.sort !== 'a-z') params.set('sap-xep', SORT_PARAMS[options.sort]);
  if (options.keyword) params.set('tim', options.keyword);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  const query = params.toString();
  return query ? `${noteGroupPath(id)}?${query}` : noteGroupPath(id);
}

export function sortParamOf(sort: NoteSortKey): string {
  return SORT_PARAMS[sort];
}
