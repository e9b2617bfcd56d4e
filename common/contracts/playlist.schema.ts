import { z } from 'zod';
import { zLine, zText } from './text.schema.ts';
import { normalizeText } from '../text/vietnamese.ts';
import { ZTalkSchema } from './audio.schema.ts';

/** Readers' playlists of talks (product spec §7 Audio). */

export const MAX_PLAYLISTS = 100;
export const MAX_PLAYLIST_ITEMS = 500;
export const PLAYLIST_MESSAGES = {
  name: 'Tên danh sách phát từ 1 tới 120 ký tự.',
  description: 'Mô tả tối đa 1.000 ký tự.',
  notFound: 'Không tìm thấy danh sách phát này.',
  itemNotFound: 'Không tìm thấy bài này trong danh sách phát.',
  talkNotFound: 'Không tìm thấy bài pháp âm này.',
  tooMany: `Bạn đã có ${MAX_PLAYLISTS} danh sách phát, xin xoá bớt trước khi tạo thêm.`,
  tooManyItems: `Mỗi danh sách phát giữ tối đa ${MAX_PLAYLIST_ITEMS} bài.`,
  order: 'Thứ tự mới phải gồm đúng các bài đang có trong danh sách.',
} as const;

const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZName = zLine()
  .transform((s) => normalizeText(s).trim())
  .pipe(z.string().min(1).max(120, PLAYLIST_MESSAGES.name));
const ZDescription = zText()
  .transform((s) => normalizeText(s).trim())
  .pipe(z.string().max(1000, PLAYLIST_MESSAGES.description));

export const ZCreatePlaylistSchema = z.object({ name: ZName, description: ZDescription.optional() });
export type CreatePlaylist = z.infer<typeof ZCreatePlaylistSchema>;
export const ZUpdatePlaylistSchema = z.object({
  id: ZId,
  name: ZName.optional(),
  description: ZDescription.optional(),
});
export type UpdatePlaylist = z.infer<typeof ZUpdatePlaylistSchema>;
export const ZIdBodySchema = z.object({ id: ZId });

/** The spec's payload: a list called audioPlaylistItems. */
export const ZCreatePlaylistItemsSchema = z.object({
  audioPlaylistItems: z
    .array(z.object({ playlistId: ZId, audioId: ZId }))
    .min(1)
    .max(MAX_PLAYLIST_ITEMS),
});
export type CreatePlaylistItems = z.infer<typeof ZCreatePlaylistItemsSchema>;
/** A new order: every item id of the playlist, in the order wanted. */
export const ZUpdatePlaylistItemsSchema = z.object({
  playlistId: ZId,
  itemIds: z.array(ZId).max(MAX_PLAYLIST_ITEMS),
});
export type UpdatePlaylistItems = z.infer<typeof ZUpdatePlaylistItemsSchema>;

export const ZPlaylistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  itemCount: z.number().int(),
  totalSeconds: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Playlist = z.infer<typeof ZPlaylistSchema>;
export const ZPlaylistItemSchema = z.object({ id: z.number().int(), position: z.number().int(), talk: ZTalkSchema });
export type PlaylistItem = z.infer<typeof ZPlaylistItemSchema>;

export const ZPlaylistResponseSchema = z.object({ data: ZPlaylistSchema });
export const ZPlaylistsResponseSchema = z.object({ data: z.object({ items: z.array(ZPlaylistSchema) }) });
export const ZPlaylistItemsResponseSchema = z.object({ data: z.object({ items: z.array(ZPlaylistItemSchema) }) });
