import { data } from 'react-router';
import type { z } from 'zod';
import { parseForm } from '#app/lib/form-errors.server.ts';

/**
 * What the talk and video admin pages' actions share: each answers a notice, the field messages,
 * and under `rowKey` (`talkId`, `videoId`) the row whose edit failed, so that row's form stays open.
 */
export function mediaRowAnswers<K extends string>(rowKey: K) {
  const answer = (message: string | null) =>
    ({ message, fields: {} as Record<string, string>, [rowKey]: null }) as {
      message: string | null;
      fields: Record<string, string>;
    } & Record<K, null>;
  return {
    /** Done: the notice says what. */
    ok: answer,
    /** An intent the page does not know. */
    unknown: () => data(answer('Yêu cầu không rõ.'), { status: 400 }),
    /**
     * An edit of one row: its id first, then its fields; a refusal of the fields names the row.
     */
    parseRowEdit<I extends z.ZodType<Record<K, number>>, U extends z.ZodType>(
      idSchema: I,
      updateSchema: U,
      form: FormData,
    ) {
      const id = parseForm(idSchema, form);
      if (!id.ok) return id;
      const rowId = (id.value as Record<K, number>)[rowKey];
      const parsed = parseForm(updateSchema, form);
      if (!parsed.ok) {
        const failure = data({ ...parsed.failure.data, [rowKey]: rowId }, parsed.failure.init ?? undefined);
        return { ok: false as const, failure };
      }
      return { ok: true as const, id: rowId, value: parsed.value };
    },
  };
}

/** The notice after publishing or unpublishing an item. */
export function statusNotice(item: { status: string; title: string }): string {
  return `${item.status === 'published' ? 'Đã xuất bản' : 'Đã chuyển về bản nháp'} “${item.title}”.`;
}
