import crypto from 'node:crypto';
import type { User } from '#common/contracts/auth.schema.ts';
import {
  CORRECTION_MESSAGES,
  PENDING_CORRECTIONS_MAX,
  type Correction,
  type CorrectionDecisionRequest,
  type CorrectionPage,
  type CreateCorrectionRequest,
} from '#common/contracts/correction.schema.ts';
import { chapterPath, talkPath, videoPath } from '#common/paths.ts';
import { normalizeText } from '#common/text/vietnamese.ts';
import { wordDiff } from '#common/text/word-diff.ts';
import { AppError } from '#server/errors.ts';
import { htmlBlocks, paragraphPattern } from '#server/lib/html.ts';
import { correctParagraphHtml } from '#server/lib/html-correction.ts';
import { correctMarkdownParagraph } from '#server/lib/markdown-correction.ts';
import { parseTranscript, toWebVtt, type TranscriptCue } from '#server/lib/webvtt.ts';
import type { MediaStorage } from '#server/media/media-storage.ts';
import { requireModerator, requireOwned } from '#server/policies/require.policy.ts';
import type { CorrectionItemType } from '#server/db/schema.ts';
import type { CorrectionRow } from '#server/repositories/correction.repository.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { recordAudit } from './audit.service.ts';
import { indexBook, indexTalk, indexVideo } from './search-indexer.service.ts';
import type { ServiceContext } from './service-context.ts';

const now = () => new Date().toISOString();
const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * "Báo lỗi / Đề xuất sửa" (decision 0031): a logged-in reader proposes the corrected text of one
 * paragraph of a chapter or one line of a talk's transcript; moderators accept it — the text
 * changes, with its search passages, in one transaction, and the reader is thanked on the page —
 * or refuse it with a reason. Both decisions are written to the audit log.
 */
export function createCorrectionService(deps: ServiceContext & { media: MediaStorage; onIndexed?: () => void }) {
  const { repos, media } = deps;

  async function transcriptOf(fileName: string | null): Promise<TranscriptCue[]> {
    if (!fileName || !(await media.stat(fileName))) return [];
    return parseTranscript(await new Response(media.read(fileName)).text());
  }

  /** The published talk with its transcript, or 404. */
  async function publishedTalk(r: Repositories, talkId: number) {
    const talk = await r.talks.findTalkById(talkId);
    const collection = talk ? await r.talks.findCollectionById(talk.collection_id) : undefined;
    if (!talk || talk.status !== 'published' || collection?.status !== 'published') {
      throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.noLine);
    }
    return talk;
  }

  /** The published video with its transcript, or 404. */
  async function publishedVideo(r: Repositories, videoId: number) {
    const video = await r.videos.findById(videoId);
    if (!video || video.status !== 'published') throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.noVideoLine);
    return video;
  }

  /** What the correction is about, for people, and where it is read. */
  async function placeOf(r: Repositories, row: Pick<CorrectionRow, 'item_type' | 'item_id' | 'anchor'>) {
    if (row.item_type === 'chapter') {
      const chapter = await r.books.findChapterById(row.item_id);
      const book = chapter ? await r.books.findById(chapter.book_id) : undefined;
      if (!chapter || !book) return { label: 'Chương đã xoá', path: '/sach' };
      return {
        label: `${book.title} · ${chapter.title ?? `Chương ${chapter.position}`}`,
        path: chapterPath(chapter.code, book.code, { anchor: row.anchor }),
      };
    }
    if (row.item_type === 'video') {
      const video = await r.videos.findById(row.item_id);
      if (!video) return { label: 'Video đã xoá', path: '/videos' };
      return { label: `${video.title} · dòng ${Number(row.anchor) + 1}`, path: videoPath(video.slug) };
    }
    const talk = await r.talks.findTalkById(row.item_id);
    if (!talk) return { label: 'Bài giảng đã xoá', path: '/phap-am' };
    return { label: `${talk.title} · dòng ${Number(row.anchor) + 1}`, path: talkPath(talk.collection_id, talk.id) };
  }

  async function present(r: Repositories, row: CorrectionRow): Promise<Correction> {
    const place = await placeOf(r, row);
    return {
      id: row.id,
      itemType: row.item_type,
      itemLabel: place.label,
      path: place.path,
      anchor: row.anchor,
      originalText: row.original_text,
      proposedText: row.proposed_text,
      note: row.note,
      state: row.state,
      reason: row.reason,
      authorName: row.author_name,
      createdAt: row.created_at,
      decidedAt: row.decided_at,
      diff: wordDiff(row.original_text, row.proposed_text),
    };
  }

  async function pageOf(
    r: Repositories,
    found: { rows: CorrectionRow[]; total: number },
    page: number,
    perPage: number,
  ) {
    const items: Correction[] = [];
    for (const row of found.rows) items.push(await present(r, row));
    return { items, total: found.total, page, perPage } satisfies CorrectionPage;
  }

  /**
   * One paragraph of a chapter changed to the accepted text (checked against the text it
   * corrects), its formatting kept around the words that did not change (decision 0054). A
   * chapter written in Markdown is changed in its Markdown, its source, and its HTML rendered
   * again from it; what cannot be changed faithfully is refused, unwritten.
   */
  async function applyToChapter(r: Repositories, row: CorrectionRow, at: string) {
    const chapter = await r.books.findChapterById(row.item_id);
    if (!chapter) throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.noParagraph);
    const current = htmlBlocks(chapter.body_html).find((b) => b.id === row.anchor);
    if (!current) throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.noParagraph);
    if (!sameText(current.text, row.original_text)) {
      throw new AppError('CONFLICT', CORRECTION_MESSAGES.textChanged);
    }
    if (chapter.body_markdown !== null) {
      const changed = correctMarkdownParagraph(chapter.body_markdown, row.anchor, row.proposed_text);
      if (!changed) throw new AppError('CONFLICT', CORRECTION_MESSAGES.markdownChapter);
      await r.books.updateChapter(chapter.id, {
        body_markdown: changed.markdown,
        body_html: changed.html,
        updated_at: at,
      });
    } else {
      const paragraph = paragraphPattern(row.anchor).exec(chapter.body_html);
      const inner = paragraph ? correctParagraphHtml(paragraph[3]!, row.proposed_text) : null;
      if (!paragraph || inner === null) throw new AppError('CONFLICT', CORRECTION_MESSAGES.htmlParagraph);
      const [, tag, attributes] = paragraph;
      const body =
        chapter.body_html.slice(0, paragraph.index) +
        `<${tag}${attributes}>${inner}</${tag}>` +
        chapter.body_html.slice(paragraph.index + paragraph[0].length);
      await r.books.updateChapter(chapter.id, { body_html: body, updated_at: at });
    }
    await indexBook(r, chapter.book_id);
  }

  return {
    /** A reader proposes the corrected text of a paragraph or a transcript line. */
    async create(userId: number, input: CreateCorrectionRequest): Promise<Correction> {
      if ((await repos.corrections.countPendingOf(userId)) >= PENDING_CORRECTIONS_MAX) {
        throw new AppError('TOO_MANY_REQUESTS', CORRECTION_MESSAGES.tooManyPending);
      }
      const proposed = normalizeText(input.proposedText).trim();
      let target: { item_type: CorrectionItemType; item_id: number; anchor: string; original: string };
      if (input.chapterCode !== undefined && input.anchor !== undefined) {
        const chapter = await repos.books.findPublishedChapter(input.chapterCode);
        const block = chapter ? htmlBlocks(chapter.body_html).find((b) => b.id === input.anchor) : undefined;
        if (!chapter || !block) throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.noParagraph);
        target = { item_type: 'chapter', item_id: chapter.id, anchor: input.anchor, original: block.text };
      } else if (input.videoId !== undefined) {
        const video = await publishedVideo(repos, input.videoId);
        const cue = (await transcriptOf(video.transcript_file))[input.line!];
        if (!cue) throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.noVideoLine);
        target = { item_type: 'video', item_id: video.id, anchor: String(input.line!), original: cue.text };
      } else {
        // The contract lets through only a whole chapter target or a whole talk or video target.
        const talk = await publishedTalk(repos, input.talkId!);
        const cue = (await transcriptOf(talk.transcript_file))[input.line!];
        if (!cue) throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.noLine);
        target = { item_type: 'talk', item_id: talk.id, anchor: String(input.line!), original: cue.text };
      }
      if (sameText(proposed, target.original)) {
        throw new AppError('VALIDATION_FAILED', CORRECTION_MESSAGES.unchanged, {
          proposedText: CORRECTION_MESSAGES.unchanged,
        });
      }
      const id = await repos.corrections.insert({
        user_id: userId,
        item_type: target.item_type,
        item_id: target.item_id,
        anchor: target.anchor,
        original_text: target.original,
        proposed_text: proposed,
        note: input.note ? normalizeText(input.note) : null,
        state: 'pending',
        decided_by: null,
        decided_at: null,
        reason: null,
        created_at: now(),
      });
      return present(repos, (await repos.corrections.findById(id))!);
    },

    /** My corrections, newest first, with what became of them. */
    async listMine(userId: number, page: number, perPage: number): Promise<CorrectionPage> {
      return pageOf(repos, await repos.corrections.pageOf(userId, perPage, (page - 1) * perPage), page, perPage);
    },

    async getMine(userId: number, id: number): Promise<Correction> {
      return present(repos, requireOwned(await repos.corrections.findOwned(userId, id), CORRECTION_MESSAGES.notFound));
    },

    /** Withdraws one of my corrections while it waits (a decided one stays, as the log says). */
    async withdraw(userId: number, id: number): Promise<void> {
      const row = requireOwned(await repos.corrections.findOwned(userId, id), CORRECTION_MESSAGES.notFound);
      if (row.state !== 'pending' || !(await repos.corrections.deleteOwnedPending(userId, id))) {
        throw new AppError('VALIDATION_FAILED', CORRECTION_MESSAGES.notPending);
      }
    },

    /** The moderation queue: corrections waiting, the longest waiting first, each with its diff. */
    async queue(actor: User, page: number, perPage: number): Promise<CorrectionPage> {
      requireModerator(actor);
      return pageOf(repos, await repos.corrections.pagePending(perPage, (page - 1) * perPage), page, perPage);
    },

    /**
     * Accepts (the text changes, with its search passages, and the audit line — one transaction)
     * or refuses (with a reason, logged) a waiting correction.
     */
    async decide(actor: User, id: number, input: CorrectionDecisionRequest): Promise<Correction> {
      requireModerator(actor);
      const before = await repos.corrections.findById(id);
      if (!before) throw new AppError('NOT_FOUND', CORRECTION_MESSAGES.notFound);
      if (before.state !== 'pending') throw new AppError('VALIDATION_FAILED', CORRECTION_MESSAGES.notPending);
      const at = now();
      const reason = input.reason ? normalizeText(input.reason) : null;
      const place = await placeOf(repos, before);
      const decided = async (r: Repositories, state: 'accepted' | 'refused') => {
        if (!(await r.corrections.decide(id, { state, decided_by: actor.id, decided_at: at, reason }))) {
          throw new AppError('VALIDATION_FAILED', CORRECTION_MESSAGES.notPending);
        }
      };

      if (input.decision === 'refuse') {
        await deps.transaction(async (r) => {
          await decided(r, 'refused');
          await recordAudit(r, actor, {
            action: 'refuse',
            itemType: 'correction',
            itemId: id,
            label: place.label,
            detail: `Đề xuất của ${before.author_name}: ${reason}`,
          });
        });
        return present(repos, (await repos.corrections.findById(id))!);
      }

      const detail = `Sửa theo đề xuất của bạn đọc ${before.author_name}: “${before.proposed_text}”`;
      if (before.item_type === 'chapter') {
        try {
          await deps.transaction(async (r) => {
            await decided(r, 'accepted');
            await applyToChapter(r, before, at);
            await recordAudit(r, actor, {
              action: 'accept',
              itemType: 'chapter',
              itemId: before.item_id,
              label: place.label,
              detail,
            });
          });
        } finally {
          deps.onIndexed?.();
        }
        return present(repos, (await repos.corrections.findById(id))!);
      }

      // A transcript line (a talk's or a video's): the transcript is a file. The new one is written
      // under a new name first; the row points at it in the transaction; the old file goes only
      // after it commits.
      const owner =
        before.item_type === 'video'
          ? {
              ...(await publishedVideo(repos, before.item_id)),
              folder: 'video',
              missing: CORRECTION_MESSAGES.noVideoLine,
            }
          : { ...(await publishedTalk(repos, before.item_id)), folder: 'phap-am', missing: CORRECTION_MESSAGES.noLine };
      const cues = await transcriptOf(owner.transcript_file);
      const line = Number(before.anchor);
      const cue = cues[line];
      if (!cue) throw new AppError('NOT_FOUND', owner.missing);
      if (!sameText(cue.text, before.original_text)) throw new AppError('CONFLICT', CORRECTION_MESSAGES.textChanged);
      const changed = cues.map((c, i) => (i === line ? { ...c, text: before.proposed_text } : c));
      const fileName = `${owner.folder}/${crypto.randomUUID()}.vtt`;
      await media.write(fileName, Buffer.from(toWebVtt(changed), 'utf8'));
      try {
        await deps.transaction(async (r) => {
          await decided(r, 'accepted');
          if (before.item_type === 'video') {
            await r.videos.update(owner.id, { transcript_file: fileName, updated_at: at });
            await indexVideo(r, owner.id, async () => changed);
          } else {
            await r.talks.updateTalk(owner.id, { transcript_file: fileName, updated_at: at });
            await indexTalk(
              r,
              owner.id,
              changed.map((c) => ({ startSeconds: c.startSeconds, text: c.text })),
            );
          }
          await recordAudit(r, actor, {
            action: 'accept',
            itemType: before.item_type,
            itemId: owner.id,
            label: place.label,
            detail,
          });
        });
      } catch (error) {
        await media.remove(fileName);
        throw error;
      } finally {
        deps.onIndexed?.();
      }
      if (owner.transcript_file) await media.remove(owner.transcript_file);
      return present(repos, (await repos.corrections.findById(id))!);
    },

    /** The readers thanked under a published chapter (their accepted corrections). */
    async creditsOfChapter(chapterCode: string): Promise<string[]> {
      const chapter = await repos.books.findPublishedChapter(chapterCode);
      return chapter ? repos.corrections.creditedNames('chapter', chapter.id) : [];
    },

    /** The readers thanked under a chapter, a talk or a video (their accepted corrections). */
    async creditsFor(itemType: CorrectionItemType, itemId: number): Promise<string[]> {
      return repos.corrections.creditedNames(itemType, itemId);
    },
  };
}

export type CorrectionService = ReturnType<typeof createCorrectionService>;
