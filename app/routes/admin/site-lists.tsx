import { data, Form, useNavigation } from 'react-router';
import { SITE_NAME } from '#common/constants.ts';
import { keywordLabel } from '#common/contracts/keyword.schema.ts';
import {
  FOOTER_QUOTES_COUNT,
  HOME_KEYWORDS_COUNT,
  keywordFromLine,
  ZFooterQuotesUpdateSchema,
  ZHomeKeywordsUpdateSchema,
} from '#common/contracts/site-admin.schema.ts';
import { requireAdminPage } from '#app/lib/admin.server.ts';
import type { Route } from './+types/site-lists';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminPage(request, context);
  const [keywords, quotes] = await Promise.all([
    context.services.siteAdmin.listKeywords(user),
    context.services.siteAdmin.listFooterQuotes(user),
  ]);
  return { keywords: keywords.map(keywordLabel).join('\n'), quotes };
}

/** A zod issue as the editor shows it: which line or which quote, then what is wrong. */
function describeIssue(issue: { path: PropertyKey[]; message: string }, what: 'keywords' | 'quotes'): string {
  const index = typeof issue.path[1] === 'number' ? issue.path[1] : null;
  if (index === null) return issue.message;
  return what === 'keywords' ? `Dòng ${index + 1}: ${issue.message}` : `Lời trích ${index + 1}: ${issue.message}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  if (form.get('intent') === 'keywords') {
    const lines = String(form.get('keywords') ?? '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const parsed = ZHomeKeywordsUpdateSchema.safeParse({ keywords: lines.map(keywordFromLine) });
    if (!parsed.success) {
      return data(
        { form: 'keywords' as const, error: describeIssue(parsed.error.issues[0]!, 'keywords'), saved: false },
        { status: 400 },
      );
    }
    await context.services.siteAdmin.replaceKeywords(user, parsed.data);
    return { form: 'keywords' as const, error: null, saved: true };
  }
  const quotes = Array.from({ length: FOOTER_QUOTES_COUNT }, (_, i) => ({
    text: String(form.get(`text-${i}`) ?? ''),
    original: String(form.get(`original-${i}`) ?? ''),
    source: String(form.get(`source-${i}`) ?? ''),
    translator: String(form.get(`translator-${i}`) ?? ''),
  }));
  const parsed = ZFooterQuotesUpdateSchema.safeParse({ quotes });
  if (!parsed.success) {
    return data(
      { form: 'quotes' as const, error: describeIssue(parsed.error.issues[0]!, 'quotes'), saved: false },
      { status: 400 },
    );
  }
  await context.services.siteAdmin.replaceFooterQuotes(user, parsed.data);
  return { form: 'quotes' as const, error: null, saved: true };
}

export function meta() {
  return [{ title: `Từ khoá và lời trích — Quản trị — ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}

export default function SiteListsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const status = (form: 'keywords' | 'quotes') =>
    actionData?.form !== form ? null : actionData.error ? (
      <p className="moderation-error" role="alert">
        {actionData.error}
      </p>
    ) : (
      <p className="admin-saved" role="status">
        Đã lưu.
      </p>
    );
  return (
    <div className="admin-page">
      <h1>Từ khoá và lời trích</h1>
      <p className="library-lead">
        Trang chủ gợi ý ngẫu nhiên 7 trong {HOME_KEYWORDS_COUNT} từ khoá; chân trang hiện một trong{' '}
        {FOOTER_QUOTES_COUNT} lời trích. Thay đổi có hiệu lực ngay.
      </p>
      <section className="admin-section" aria-labelledby="keywords-title">
        <h2 id="keywords-title">Gợi ý tìm kiếm trang chủ</h2>
        <Form method="post" className="admin-form admin-form-wide" data-testid="keywords-form">
          <input type="hidden" name="intent" value="keywords" />
          <div className="admin-field">
            <label htmlFor="keywords">
              Đúng {HOME_KEYWORDS_COUNT} dòng, mỗi dòng một gợi ý. Nhóm từ khoá viết “từ chính + từ thêm + …” (tìm các
              bài có đủ các từ).
            </label>
            <textarea id="keywords" name="keywords" rows={18} defaultValue={loaderData.keywords} spellCheck={false} />
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            Lưu gợi ý
          </button>
          {status('keywords')}
        </Form>
      </section>
      <section className="admin-section" aria-labelledby="quotes-title">
        <h2 id="quotes-title">Lời trích chân trang</h2>
        <Form method="post" className="admin-form admin-form-wide" data-testid="quotes-form">
          <input type="hidden" name="intent" value="quotes" />
          {loaderData.quotes.map((quote, i) => (
            <fieldset key={i} className="admin-fieldset">
              <legend>Lời trích {i + 1}</legend>
              <div className="admin-field">
                <label htmlFor={`text-${i}`}>Lời trích (tiếng Việt)</label>
                <textarea id={`text-${i}`} name={`text-${i}`} rows={2} defaultValue={quote.text} />
              </div>
              <div className="admin-field">
                <label htmlFor={`original-${i}`}>Nguyên văn (nếu có)</label>
                <textarea id={`original-${i}`} name={`original-${i}`} rows={2} defaultValue={quote.original ?? ''} />
              </div>
              <div className="admin-field-row">
                <div className="admin-field">
                  <label htmlFor={`source-${i}`}>Nguồn</label>
                  <input id={`source-${i}`} name={`source-${i}`} type="text" defaultValue={quote.source} />
                </div>
                <div className="admin-field">
                  <label htmlFor={`translator-${i}`}>Người dịch</label>
                  <input
                    id={`translator-${i}`}
                    name={`translator-${i}`}
                    type="text"
                    defaultValue={quote.translator ?? ''}
                  />
                </div>
              </div>
            </fieldset>
          ))}
          <button type="submit" className="button button-primary" disabled={busy}>
            Lưu lời trích
          </button>
          {status('quotes')}
        </Form>
      </section>
    </div>
  );
}
