import type { User } from '#common/contracts/auth.schema.ts';
import type { HomeKeyword } from '#common/contracts/keyword.schema.ts';
import type { FooterQuotesUpdate, HomeKeywordsUpdate } from '#common/contracts/site-admin.schema.ts';
import type { FooterQuote } from '#common/contracts/site.schema.ts';
import type { Repositories } from '#server/repositories/index.ts';
import { recordAudit } from './audit.service.ts';
import type { HomeService } from './home.service.ts';
import { requireAdmin } from '#server/policies/require.policy.ts';
import type { SiteService } from './site.service.ts';
import type { Transaction } from './service-context.ts';

/** The administration of the site's fixed lists: the 70 home keywords and the 7 footer quotes. */
export function createSiteAdminService(deps: {
  repos: Repositories;
  transaction: Transaction;
  home: HomeService;
  site: SiteService;
}) {
  return {
    async listKeywords(actor: User): Promise<HomeKeyword[]> {
      requireAdmin(actor);
      return deps.home.listKeywords();
    },

    /** Replaces the whole list (its order is the editor's). */
    async replaceKeywords(actor: User, input: HomeKeywordsUpdate): Promise<HomeKeyword[]> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        await r.site.replaceHomeKeywords(
          input.keywords.map((entry, i) => {
            const [main, ...extra] = 'keyword' in entry ? [entry.keyword] : entry.keywords;
            return { position: i + 1, main_term: main!, extra_terms: JSON.stringify(extra) };
          }),
        );
        await recordAudit(r, actor, {
          action: 'update',
          itemType: 'keywords',
          itemId: null,
          label: 'Gợi ý tìm kiếm trang chủ',
          detail: `${input.keywords.length} gợi ý`,
        });
      });
      return deps.home.listKeywords();
    },

    async listFooterQuotes(actor: User): Promise<FooterQuote[]> {
      requireAdmin(actor);
      return deps.site.listFooterQuotes();
    },

    async replaceFooterQuotes(actor: User, input: FooterQuotesUpdate): Promise<FooterQuote[]> {
      requireAdmin(actor);
      await deps.transaction(async (r) => {
        await r.site.replaceFooterQuotes(input.quotes.map((q, i) => ({ position: i + 1, ...q })));
        await recordAudit(r, actor, {
          action: 'update',
          itemType: 'footer_quotes',
          itemId: null,
          label: 'Lời trích chân trang',
          detail: `${input.quotes.length} lời trích`,
        });
      });
      return deps.site.listFooterQuotes();
    },
  };
}

export type SiteAdminService = ReturnType<typeof createSiteAdminService>;
