import { data, redirect } from 'react-router';
import { z } from 'zod';
import { SITE_NAME } from '#common/constants.ts';
import { fieldErrorsOf } from '#common/contracts/auth.schema.ts';
import {
  ZCreateNoteGroupRequestSchema,
  ZNoteGroupWithNotesQuerySchema,
  ZUpdateNoteGroupRequestSchema,
} from '#common/contracts/note-group.schema.ts';
import { ZCreateNoteRequestSchema, ZUpdateNoteRequestSchema } from '#common/contracts/note.schema.ts';
import { NoteGroupListView } from '#app/components/note-groups/note-group-list-view.tsx';
import { NoteGroupView } from '#app/components/note-groups/note-group-view.tsx';
import { NOTES_PER_PAGE, sortFromParam } from '#app/components/note-groups/note-group-params.ts';
import { formFailureOf, isNotFoundError } from '#app/lib/form-errors.server.ts';
import { positiveIdOf } from '#app/lib/params.ts';
import { requireCurrentUser } from '#app/lib/session.server.ts';
import type { Route } from './+types/note-groups';
import '#app/styles/note-groups.css';

/**
 * The reader's note groups (no id): their groups, a form to make one, and the notes in no group.
 * One group (id): its notes sorted, searched and paged, reordered, published. Owner-only: someone
 * else's group is a 404; anonymous readers go to /login and come back.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireCurrentUser(request, context);
  if (params.id === undefined) {
    // The notes in no group, a page at a time (an account may keep thousands).
    const page = positiveIdOf(new URL(request.url).searchParams.get('page')) ?? 1;
    const [groups, ungrouped] = await Promise.all([
      context.services.noteGroups.list(user.id),
      context.services.notes.listUngrouped(user.id, { page, perPage: NOTES_PER_PAGE }),
    ]);
    return { view: 'list' as const, groups, ungrouped };
  }
  const id = positiveIdOf(params.id);
  if (!id) throw data('Not Found', { status: 404 });
  const url = new URL(request.url);
  const sort = sortFromParam(url.searchParams.get('sap-xep'));
  const keyword = (url.searchParams.get('tim') ?? '').trim().slice(0, 200);
  const query = ZNoteGroupWithNotesQuerySchema.parse({
    id,
    page: positiveIdOf(url.searchParams.get('page')) ?? 1,
    perPage: NOTES_PER_PAGE,
    sort,
    keywordSearch: keyword,
  });
  try {
    const [detail, history] = await Promise.all([
      context.services.noteGroups.withNotes(user.id, query),
      context.services.noteGroups.history(user.id, id),
    ]);
    return { view: 'group' as const, ...detail, history, sort, keyword };
  } catch (error) {
    if (isNotFoundError(error)) throw data('Not Found', { status: 404 });
    throw error;
  }
}

/** What a form of these pages is told when its request was refused (its fetcher shows it). */
interface Refusal {
  ok: false;
  message: string | null;
  fields: Record<string, string>;
}
const refuse = (message: string | null, fields: Record<string, string>, status: number) =>
  data<Refusal>({ ok: false, message, fields }, { status });

const blankToNull = (value: FormDataEntryValue | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Every form of both views posts here with an `intent`; each answers its own fetcher. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireCurrentUser(request, context);
  const form = Object.fromEntries(await request.formData());
  const invalid = (error: z.ZodError) => refuse(null, fieldErrorsOf(error), 400);
  try {
    // The list page: make a group; put a note in no group into one.
    if (params.id === undefined) {
      if (form.intent === 'create-group') {
        const input = ZCreateNoteGroupRequestSchema.safeParse({
          name: form.name ?? '',
          description: blankToNull(form.description),
        });
        if (!input.success) return invalid(input.error);
        return { ok: true as const, group: await context.services.noteGroups.create(user.id, input.data) };
      }
      if (form.intent === 'move-note') {
        const input = ZUpdateNoteRequestSchema.safeParse({ noteGroupId: positiveIdOf(String(form.noteGroupId)) });
        if (!input.success) return invalid(input.error);
        await context.services.notes.update(user.id, Number(form.noteId), input.data);
        return { ok: true as const };
      }
      return refuse('Yêu cầu không hợp lệ.', {}, 400);
    }

    const id = positiveIdOf(params.id);
    if (!id) throw data('Not Found', { status: 404 });
    const groups = context.services.noteGroups;
    switch (form.intent) {
      case 'rename': {
        const input = ZUpdateNoteGroupRequestSchema.safeParse({
          name: form.name ?? '',
          description: blankToNull(form.description),
        });
        if (!input.success) return invalid(input.error);
        return { ok: true as const, group: await groups.update(user.id, id, input.data) };
      }
      case 'publish':
      case 'unpublish':
        return { ok: true as const, group: await groups.update(user.id, id, { isPublic: form.intent === 'publish' }) };
      case 'delete-group':
        await groups.remove(user.id, id);
        return redirect('/profile/note-group');
      case 'remove-note':
        await context.services.notes.update(user.id, Number(form.noteId), { noteGroupId: null });
        return { ok: true as const };
      case 'add-quote': {
        const input = ZCreateNoteRequestSchema.safeParse({
          content: form.content ?? '',
          sourceTitle: form.sourceTitle ?? '',
          sourceUrl: blankToNull(form.sourceUrl),
          color: form.color,
          body: blankToNull(form.body),
          noteGroupId: id,
        });
        if (!input.success) return invalid(input.error);
        return { ok: true as const, note: await context.services.notes.create(user.id, input.data) };
      }
      case 'reorder': {
        const input = z
          .object({ ids: z.array(z.number().int().positive()).min(1).max(100), offset: z.number().int().min(0) })
          .safeParse({ ids: JSON.parse(String(form.ids ?? '[]')), offset: Number(form.offset) });
        if (!input.success) return invalid(input.error);
        await context.services.notes.orderInGroup(user.id, id, input.data.ids, input.data.offset);
        return { ok: true as const };
      }
      default:
        return refuse('Yêu cầu không hợp lệ.', {}, 400);
    }
  } catch (error) {
    if (error instanceof SyntaxError) {
      return refuse('Thứ tự không hợp lệ.', {}, 400);
    }
    const failure = formFailureOf(error);
    return refuse(failure.data.message, failure.data.fields, failure.init?.status ?? 400);
  }
}

export type NoteGroupsAction = typeof action;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.view === 'group' ? loaderData.group.name : 'Nhóm ghi chú';
  return [{ title: `${title} — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function NoteGroupsPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'list')
    return <NoteGroupListView groups={loaderData.groups} ungrouped={loaderData.ungrouped} />;
  return (
    <NoteGroupView
      key={loaderData.group.id}
      group={loaderData.group}
      notes={loaderData.notes}
      history={loaderData.history}
      sort={loaderData.sort}
      keyword={loaderData.keyword}
    />
  );
}
