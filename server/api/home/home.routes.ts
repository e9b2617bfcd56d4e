import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZErrorResponseSchema } from '#common/contracts/envelope.schema.ts';
import { ZHomePageDataRequestSchema, ZHomePageDataResponseSchema } from '#common/contracts/home.schema.ts';
import { ZHomeKeywordsResponseSchema } from '#common/contracts/keyword.schema.ts';
import type { Services } from '#server/services/index.ts';
import { validationHook } from '../validation.ts';

const keywordsRoute = createRoute({
  method: 'get',
  path: '/public/search/keywords',
  tags: ['Trang chủ'],
  summary: 'The 70 keyword suggestions of the home page',
  responses: {
    200: { description: 'Every suggestion', content: { 'application/json': { schema: ZHomeKeywordsResponseSchema } } },
  },
});

const homePageDataRoute = createRoute({
  method: 'post',
  path: '/public/home_page_data',
  tags: ['Trang chủ'],
  summary: 'What the home page shows besides the suggestions',
  request: {
    body: { required: false, content: { 'application/json': { schema: ZHomePageDataRequestSchema } } },
  },
  responses: {
    200: {
      description: 'Newest content and a featured quote',
      content: { 'application/json': { schema: ZHomePageDataResponseSchema } },
    },
    400: { description: 'Bad input', content: { 'application/json': { schema: ZErrorResponseSchema } } },
  },
});

export function createHomeRoutes(services: Services) {
  return new OpenAPIHono({ defaultHook: validationHook })
    .openapi(keywordsRoute, async (c) => c.json({ data: await services.home.listKeywords() }, 200))
    .openapi(homePageDataRoute, async (c) => {
      const body = c.req.valid('json');
      return c.json({ data: await services.home.getHomePageData(body) }, 200);
    });
}
