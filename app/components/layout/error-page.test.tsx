import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  data,
  Outlet,
  StaticRouterProvider,
  useRouteError,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { ERROR_PAGE_TEXT } from '#common/messages.ts';
import { describeError, ErrorPage } from './error-page.tsx';

/**
 * Renders the error page the way the server does: a root route whose loader gives the reader (as
 * app/root.tsx does), a layout whose error boundary is the error page (as the app's layouts), and a
 * page whose loader throws `thrown`.
 */
async function renderError(thrown: unknown, user: { username: string } | null, url = 'http://localhost/trang?x=1') {
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: () => ({ user }),
      Component: Outlet,
      children: [
        {
          id: 'layout',
          Component: Outlet,
          ErrorBoundary: () => <ErrorPage error={useRouteError()} />,
          children: [
            {
              path: 'trang',
              loader: () => {
                throw thrown;
              },
              Component: () => null,
            },
          ],
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} />);
  // The page itself, without the router's hydration data.
  return html.slice(0, html.indexOf('<script'));
}

describe('the error page', () => {
  it('gives a thrown error (500) a Vietnamese heading, "try again" advice, and keeps its message on the server', async () => {
    const html = await renderError(new Error('connect ECONNREFUSED 10.0.0.5:5432'), null);
    expect(html).toContain(`<h1>${ERROR_PAGE_TEXT.serverHeading}</h1>`);
    expect(html).toContain(ERROR_PAGE_TEXT.serverAdvice);
    expect(html).toContain(`href="/trang?x=1"`);
    expect(html).not.toContain('ECONNREFUSED');
    expect(html).not.toContain(ERROR_PAGE_TEXT.notFound);
    expect(describeError(new Error('x'))).toMatchObject({ status: 500, heading: ERROR_PAGE_TEXT.serverHeading });
  });

  it('tells a reader who a 403 page is for and how to switch account; an anonymous reader gets a login link back', async () => {
    const forbidden = data('Trang này dành cho quản trị viên', { status: 403 });
    const reader = await renderError(forbidden, { username: 'ban-doc' });
    expect(reader).toContain(`<h1>${ERROR_PAGE_TEXT.forbiddenHeading}</h1>`);
    expect(reader).toContain('Trang này dành cho quản trị viên');
    expect(reader).toContain('ban-doc');
    expect(reader).not.toContain('thử lại sau');
    expect(reader).not.toContain('/login?');
    const anonymous = await renderError(forbidden, null);
    expect(anonymous).toContain('href="/login?redirectTo=%2Ftrang%3Fx%3D1"');
  });

  it('answers a 404 with the Vietnamese heading, the spec sentence below it, a search box and a link home', async () => {
    const html = await renderError(data('Not Found', { status: 404 }), null);
    expect(html.indexOf(`<h1>${ERROR_PAGE_TEXT.notFoundHeading}</h1>`)).toBeGreaterThan(-1);
    expect(html.indexOf(ERROR_PAGE_TEXT.notFound)).toBeGreaterThan(html.indexOf('<h1>'));
    expect(html).toMatch(/<form[^>]*action="\/search"/);
    expect(html).toContain('name="query"');
    expect(html).toContain('href="/"');
  });
});
