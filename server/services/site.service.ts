import type { ContentCounts } from '#common/contracts/content.schema.ts';
import type { FooterQuote, SiteLinks } from '#common/contracts/site.schema.ts';
import { DEFAULT_FOOTER_QUOTES } from '#server/db/defaults/footer-quotes.ts';
import { DEFAULT_HOME_KEYWORDS } from '#server/db/defaults/home-keywords.ts';
import type { Env } from '#server/env.ts';
import { isLoopbackHost } from '#server/lib/proxy-headers.ts';
import { presentFooterQuote } from '#server/presenters/content.presenter.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { pickRandom, type RandomSource } from './random.ts';

/** What every page's frame needs: menu badges, the footer quote, the configured links. */
export interface LayoutData {
  counts: ContentCounts;
  footerQuote: FooterQuote | null;
  links: SiteLinks;
}

export function siteLinksFromEnv(env: Env): SiteLinks {
  return {
    dictionaryUrl: env.DICTIONARY_URL ?? null,
    monasteryUrl: env.MONASTERY_URL ?? null,
    contactEmail: env.CONTACT_EMAIL ?? null,
    contactPhone: env.CONTACT_PHONE ?? null,
    contactAddress: env.CONTACT_ADDRESS ?? null,
    facebookUrl: env.FACEBOOK_URL ?? null,
    youtubeUrl: env.YOUTUBE_URL ?? null,
    feedbackUrl:
      env.FEEDBACK_URL ?? (env.CONTACT_EMAIL ? `mailto:${env.CONTACT_EMAIL}?subject=G%C3%B3p%20%C3%BD` : null),
    bugReportUrl:
      env.BUG_REPORT_URL ?? (env.CONTACT_EMAIL ? `mailto:${env.CONTACT_EMAIL}?subject=B%C3%A1o%20l%E1%BB%97i` : null),
    translatorFormUrl: env.TRANSLATOR_FORM_URL ?? null,
  };
}

export function createSiteService(deps: { repos: Repositories; env: Env; random?: RandomSource }) {
  const { repos } = deps;
  const links = siteLinksFromEnv(deps.env);

  return {
    links,

    /** Moved on by every write that changes what anonymous pages show (the page cache's clock). */
    contentGeneration(): Promise<number> {
      return repos.meta.readContentGeneration();
    },

    /**
     * The site's public origin for absolute links (canonical, shares, feeds, the OpenID redirect
     * URI): PUBLIC_URL. Without it, the request's origin only when it names this machine: the Host
     * header is the client's word, and a link made from it would be kept by shared caches.
     */
    originFor(requestUrl: string): string {
      if (deps.env.PUBLIC_URL) return deps.env.PUBLIC_URL.replace(/\/+$/, '');
      const url = new URL(requestUrl);
      return isLoopbackHost(url.hostname) ? url.origin : `http://localhost:${deps.env.PORT}`;
    },

    async countContent(): Promise<ContentCounts> {
      const [books, talks, videos, compilations, articles] = await Promise.all([
        repos.books.countPublished(),
        repos.talks.countPublished(),
        repos.videos.countPublished(),
        repos.catalog.countPublishedCompilations(),
        repos.articles.countPublished(),
      ]);
      return { books, talks, videos, compilations, articles };
    },

    async listFooterQuotes(): Promise<FooterQuote[]> {
      return (await repos.site.listFooterQuotes()).map(presentFooterQuote);
    },

    async getLayoutData(): Promise<LayoutData> {
      const [counts, quotes] = await Promise.all([this.countContent(), this.listFooterQuotes()]);
      return { counts, footerQuote: pickRandom(quotes, 1, deps.random)[0] ?? null, links };
    },

    /** Fills the fixed lists on a new installation; an edited list is left alone. */
    async ensureDefaults(): Promise<void> {
      if ((await repos.site.listHomeKeywords()).length === 0) {
        await repos.site.replaceHomeKeywords(
          DEFAULT_HOME_KEYWORDS.map((entry, i) => {
            const [main, ...extra] = 'keyword' in entry ? [entry.keyword] : entry.keywords;
            return { position: i + 1, main_term: main!, extra_terms: JSON.stringify(extra) };
          }),
        );
      }
      if ((await repos.site.listFooterQuotes()).length === 0) {
        await repos.site.replaceFooterQuotes(DEFAULT_FOOTER_QUOTES.map((q, i) => ({ position: i + 1, ...q })));
      }
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
