import { HOME_KEYWORDS_SHOWN } from '#common/constants.ts';
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
import { pickRandom, type RandomSource } from './random.ts';
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

    async getHomePageData(request: HomePageDataRequest = {}): Promise<HomePageData> {
      const limit = request.limit ?? HOME_SECTION_DEFAULT_LIMIT;
      const [books, talks, articles, passage, counts] = await Promise.all([
        repos.books.listNewestPublished(limit),
        repos.talks.listNewestPublished(limit),
        repos.articles.listNewestPublished(limit),
        repos.quotes.findRandomPassage(),
        site.countContent(),
      ]);
      return {
        newestBooks: books.map(presentBookSummary),
        newestTalks: talks.map(presentTalkSummary),
        newestArticles: articles.map(presentArticleSummary),
        featuredPassage: passage.length > 0 ? { topic: passage[0]!.topic, lines: passage.map(presentQuote) } : null,
        counts,
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
