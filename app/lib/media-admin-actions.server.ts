import { data } from 'react-router';
import { z } from 'zod';
import { ZIdSchema, ZMediaStatusSchema, type MediaStatus } from '#common/contracts/talk-admin.schema.ts';
import { formFailureOf, parseForm } from '#app/lib/form-errors.server.ts';

/** What a talk or video row's action answers: a notice, the field messages, the row left open. */
type RowAnswer<K extends string> = {
  message: string | null;
  fields: Record<string, string>;
} & Record<K, number | null>;

/** An item of a row: what the notices name. */
interface RowItem {
  id: number;
  title: string;
  status: MediaStatus;
}

/**
 * What the talk and video admin pages' actions share. Each answers a notice, the field messages,
 * and under `rowKey` (`talkId`, `videoId`) the row whose edit failed, so that row's form stays open.
 * The three row intents (publish or unpublish, edit, delete) are written once here; a page names
 * its service's calls and its notices.
 */
export function mediaRowActions<K extends string, Item extends RowItem, U extends z.ZodType>(row: {
  rowKey: K;
  updateSchema: U;
  update(id: number, value: z.output<U> | { status: MediaStatus }): Promise<Item>;
  get(id: number): Promise<Item>;
  remove(id: number): Promise<unknown>;
  savedNotice(item: Item): string;
  deletedNotice(item: Item): string;
}) {
  const { rowKey } = row;
  const ok = (message: string | null) =>
    ({ message, fields: {} as Record<string, string>, [rowKey]: null }) as RowAnswer<K>;
  const ZRowIdSchema = z.object({ [rowKey]: ZIdSchema } as Record<K, typeof ZIdSchema>);
  const ZRowStatusSchema = ZRowIdSchema.extend({ status: ZMediaStatusSchema });
  // The schemas' keys are the page's (`talkId`, `videoId`): TypeScript cannot follow them through zod.
  const idOf = (value: Record<string, unknown>) => value[rowKey] as number;
  const statusOf = (value: Record<string, unknown>) => value.status as MediaStatus;

  return {
    /** Done: the notice says what. */
    ok,
    /** An intent the page does not know. */
    unknown: () => data(ok('Yêu cầu không rõ.'), { status: 400 }),

    async status(form: FormData) {
      const parsed = parseForm(ZRowStatusSchema, form);
      if (!parsed.ok) return parsed.failure;
      return ok(statusNotice(await row.update(idOf(parsed.value), { status: statusOf(parsed.value) })));
    },

    /** An edit of one row: its id first, then its fields; a refusal of the fields names the row. */
    async edit(form: FormData) {
      const id = parseForm(ZRowIdSchema, form);
      if (!id.ok) return id.failure;
      const rowId = idOf(id.value);
      const parsed = parseForm(row.updateSchema, form);
      if (!parsed.ok) return data({ ...parsed.failure.data, [rowKey]: rowId }, parsed.failure.init ?? undefined);
      return ok(row.savedNotice(await row.update(rowId, parsed.value)));
    },

    async delete(form: FormData) {
      const parsed = parseForm(ZRowIdSchema, form);
      if (!parsed.ok) return parsed.failure;
      const item = await row.get(idOf(parsed.value));
      await row.remove(item.id);
      return ok(row.deletedNotice(item));
    },
  };
}

/**
 * Runs the handler of the form's `intent`; an intent the page does not know gets `unknown()`, and
 * a service's refusal becomes the form's message (formFailureOf).
 */
export async function answerIntent<A, B>(
  form: FormData,
  handlers: Record<string, (form: FormData) => Promise<A>>,
  unknown: () => B,
) {
  const intent = String(form.get('intent') ?? '');
  const handle = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handle) return unknown();
  try {
    return await handle(form);
  } catch (error) {
    return formFailureOf(error);
  }
}

/** The notice after publishing or unpublishing an item. */
export function statusNotice(item: { status: string; title: string }): string {
  return `${item.status === 'published' ? 'Đã xuất bản' : 'Đã chuyển về bản nháp'} “${item.title}”.`;
}
