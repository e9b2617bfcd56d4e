import { FEATURED_PASSAGE_MAX_CHARACTERS, HOME_KEYWORDS_SHOWN } from '#common/constants.ts';
import {
  HOME_SECTION_DEFAULT_LIMIT,
  type HomePageData,
  type HomePageDataRequest,
} from '#common/contracts/home.schema.ts';
import type { HomeKeyword } from '#common/contracts/keyword.schema.ts';
import {
  presentArticleSummary,
  presentBookSummary,
  presentHomeKeyword,
  presentQuote,
  presentTalkSummary,
} from '#server/presenters/content.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { pickConsecutiveWithin, pickRandom, type RandomSource } from './random.ts';
import type { SiteService } from './site.service.ts';

/** The home page: keyword suggestions and the newest of each kind of content. */
export function createHomeService(deps: { repos: Repositories; site: SiteService; random?: RandomSource }) {
  const { repos, site } = deps;
  return {
    /** All 70 suggestions, in their editorial order. */
    async listKeywords(): Promise<HomeKeyword[]> {
      return (await repos.site.listHomeKeywords()).map(presentHomeKeyword);
    },

    /** Seven suggestions drawn at random (a new draw on every request). */
    async pickKeywordSuggestions(count: number = HOME_KEYWORDS_SHOWN): Promise<HomeKeyword[]> {
      return pickRandom(await this.listKeywords(), count, deps.random);
    },

    /** The home page's sections one by one (the page gives each its own time budget). */
    async listNewestBooks(limit: number = HOME_SECTION_DEFAULT_LIMIT) {
      return (await repos.books.listNewestPublished(limit)).map(presentBookSummary);
    },
    async listNewestTalks(limit: number = HOME_SECTION_DEFAULT_LIMIT) {
      return (await repos.talks.listNewestPublished(limit)).map(presentTalkSummary);
    },
    async listNewestArticles(limit: number = HOME_SECTION_DEFAULT_LIMIT) {
      return (await repos.articles.listNewestPublished(limit)).map(presentArticleSummary);
    },
    /** Consecutive lines of one topic drawn at random (a few, when the topic is long), or null on an empty library. */
    async pickFeaturedPassage(): Promise<HomePageData['featuredPassage']> {
      const topic = await repos.quotes.findRandomPassage();
      const passage = pickConsecutiveWithin(
        topic,
        (line) => line.meaning?.length ?? 0,
        FEATURED_PASSAGE_MAX_CHARACTERS,
        deps.random,
      );
      return passage.length > 0 ? { topic: passage[0]!.topic, lines: passage.map(presentQuote) } : null;
    },

    async getHomePageData(request: HomePageDataRequest = {}): Promise<HomePageData> {
      const limit = request.limit ?? HOME_SECTION_DEFAULT_LIMIT;
      const [newestBooks, newestTalks, newestArticles, featuredPassage, counts] = await Promise.all([
        this.listNewestBooks(limit),
        this.listNewestTalks(limit),
        this.listNewestArticles(limit),
        this.pickFeaturedPassage(),
        site.countContent(),
      ]);
      return { newestBooks, newestTalks, newestArticles, featuredPassage, counts };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
