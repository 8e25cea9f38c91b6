import SwaggerParser from '@apidevtools/swagger-parser';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, postPageJson, replyPageJson } from '../../domain/api.js';
import { activityPageJson, blockedUserPageJson, userBadgeJson, userProfileJson, userSummaryPageJson } from '../../domain/api/accounts.js';
import {
  inquiryListJson,
  noticeJson,
  noticeListJson,
  notificationJson,
  notificationListJson,
  notificationSettingsJson,
  notificationStatsJson,
} from '../../domain/api/messaging.js';
import { itemJson, itemPageJson, probabilityItemJson, wishPageJson, wishStatsJson, wishUsersJson } from '../../domain/api/items.js';
import { highlightsJson, storyGroupListJson, storyJson, storyReactionListJson, storyStatsJson, storyViewListJson } from '../../domain/api/stories.js';
import { z } from '../../domain/zod.js';
import { PAGE_SIZE_MAX } from '../../domain/limits.js';
import { buildUpstream, issueToken, type Upstream } from '../../upstream/src/app.js';
import { users } from '../../upstream/src/db/schema.js';

/** Routes that are not the API: the load balancer's check, media files, and the description and its page. */
const UNDESCRIBED = [/^\/healthz$/, /^\/readyz$/, /^\/media\//, /^\/openapi\.json$/, /^\/docs(\/|$)/];

/** `GET /v1/community/{id}/` for Fastify's `/v1/community/:id/`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI description at /openapi.json', () => {
  let upstream: Upstream;
  let url: string;
  const registered = new Set<string>();

  beforeAll(async () => {
    upstream = await buildUpstream({
      dataDir: 'memory://',
      onRoute: (route: RouteOptions) => {
        // HEAD routes are Fastify's own copies of the GET routes.
        for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${openApiPath(route.url)}`);
      },
    });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(upstream.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => upstream?.close());

  /** The answer of `GET path` (as `member`, a demo member's id, when given), which must be a 200. */
  const answerOf = async (path: string, member?: number) => {
    const headers: Record<string, string> = member ? { authorization: `Bearer ${await issueToken(upstream.db, member)}` } : {};
    const response = await fetch(`${url}${path}`, { headers });
    expect(response.status, path).toBe(200);
    return response.json();
  };
  const expectDocumented = (schema: z.ZodType, answer: unknown) => expect(schema.safeParse(answer).error).toBeUndefined();
  const uuidOfMember = async (id: number) => (await upstream.db.select({ id: users.id, uuid: users.uuid }).from(users)).find((row) => row.id === id)!.uuid;

  const fetchDocument = async () => {
    const response = await fetch(`${url}/openapi.json`);
    expect(response.status).toBe(200);
    return (await response.json()) as OpenAPIV3.Document;
  };

  it('lists every route the upstream registers, and only those', async () => {
    const document = await fetchDocument();
    const described = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item!).map((method) => `${method.toUpperCase()} ${path}`)));
    const api = [...registered].filter((route) => !UNDESCRIBED.some((pattern) => pattern.test(route.slice(route.indexOf(' ') + 1))));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((route) => !described.has(route))).toEqual([]);
    expect([...described].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('is valid OpenAPI 3, each operation named once', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\./);
    await SwaggerParser.validate(structuredClone(document) as never);
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item!).map((operation) => (operation as OpenAPIV3.OperationObject).operationId));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation a short summary and the tag of its area', async () => {
    const document = await fetchDocument();
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item!) as OpenAPIV3.OperationObject[]);
    const untitled = operations.filter(({ summary }) => !summary || summary.length > 60 || summary.endsWith('.')).map(({ operationId }) => operationId);
    expect(untitled).toEqual([]);
    expect(new Set(operations.map(({ summary }) => summary)).size).toBe(operations.length);
    const areas = new Set(operations.flatMap(({ tags }) => tags ?? []));
    expect(operations.filter(({ tags }) => tags?.length !== 1).map(({ operationId }) => operationId)).toEqual([]);
    expect([...areas].sort()).toEqual(['accounts', 'community', 'items', 'messaging', 'stories']);
  });

  it('names where the API is served, and speaks to a client (no internal references)', async () => {
    const document = await fetchDocument();
    expect(document.servers?.length).toBeGreaterThan(0);
    // A relative server URL is resolved against the document's own address (OpenAPI 3.1 §4.8.5.1).
    const base = new URL(document.servers![0]!.url, `${url}/openapi.json`);
    const categories = await fetch(new URL('v1/community/categories/', base.href.endsWith('/') ? base : `${base.href}/`));
    expect(categories.status).toBe(200);
    expect(document.info.description).toBeTruthy();
    expect(JSON.stringify(document)).not.toMatch(/\d{3} §\d/);
  });

  it('describes inputs with the domain rules, the token where a member is needed, and the error object', async () => {
    const document = await fetchDocument();
    const listPosts = document.paths['/v1/community/']!.get!;
    const pageSize = listPosts.parameters!.find((parameter) => (parameter as OpenAPIV3.ParameterObject).name === 'page_size') as OpenAPIV3.ParameterObject;
    expect(pageSize).toMatchObject({ in: 'query', schema: { type: 'integer', maximum: PAGE_SIZE_MAX } });
    expect(listPosts.security).toEqual([{}, { token: [] }]);
    expect(listPosts.responses.default).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    // A path parameter that is a member's uuid says so, as generated clients type it.
    const wishOwner = document.paths['/v1/item/wish-items/{user}/']!.get!.parameters!.find(
      (parameter) => (parameter as OpenAPIV3.ParameterObject).in === 'path',
    );
    expect(wishOwner).toMatchObject({ in: 'path', name: 'user', required: true, schema: { type: 'string', format: 'uuid' } });

    const createPost = document.paths['/v1/community/']!.post!;
    expect(createPost.security).toEqual([{ token: [] }]);
    expect(Object.keys((createPost.requestBody as OpenAPIV3.RequestBodyObject).content)).toEqual(['application/json', 'multipart/form-data']);
    expect(createPost.responses['201']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Post' } } } });
    const upload = document.paths['/users/me/profile-image']!.post!.requestBody as OpenAPIV3.RequestBodyObject;
    expect(upload.content['multipart/form-data']!.schema).toMatchObject({ properties: { image: { type: 'string', format: 'binary' } } });
    expect(document.components!.securitySchemes!.token).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every answer its schema', async () => {
    const document = await fetchDocument();
    const undescribed = Object.values(document.paths).flatMap((item) =>
      Object.values(item!).flatMap((operation) => {
        const { operationId, responses } = operation as OpenAPIV3.OperationObject;
        const success = Object.entries(responses).find(([status]) => status.startsWith('2'))![1] as OpenAPIV3.ResponseObject;
        const schema = success.content!['application/json']!.schema as OpenAPIV3.SchemaObject & OpenAPIV3.ReferenceObject;
        // An answer without a schema of its own is described as any JSON object.
        return schema.$ref || Object.keys(schema.properties ?? {}).length || schema.type === 'array' || schema.anyOf ? [] : [operationId];
      }),
    );
    expect(undescribed).toEqual([]);
  });

  it('documents the answers the upstream really gives (feed, post, replies)', async () => {
    const feed = await (await fetch(`${url}/v1/community/?page_size=5`)).json();
    expect(postPageJson.safeParse(feed).error).toBeUndefined();
    const id = feed.results[0].id;
    expect(postJson.safeParse(await (await fetch(`${url}/v1/community/${id}/`)).json()).error).toBeUndefined();
    expect(replyPageJson.safeParse(await (await fetch(`${url}/v1/community/${id}/reply/`)).json()).error).toBeUndefined();
  });

  it('documents the answers the upstream really gives (accounts)', async () => {
    expectDocumented(userProfileJson, await answerOf('/users/me', 2));
    expectDocumented(userProfileJson, await answerOf('/v1/user/3/'));
    expectDocumented(z.array(userBadgeJson), await answerOf('/v1/user/2/badge/'));
    const followers = await answerOf('/users/2/followers', 2);
    expectDocumented(userSummaryPageJson, followers);
    expect(followers.results.length).toBeGreaterThan(0);
    expectDocumented(blockedUserPageJson, await answerOf('/users/me/blocked', 2));
    const activities = await answerOf('/users/me/activities', 2);
    expectDocumented(activityPageJson, activities);
    expect(activities.results.length).toBeGreaterThan(0);
  });

  it('documents the answers the upstream really gives (notifications, notices, inquiries)', async () => {
    const inbox = await answerOf('/v1/user/notification/', 2);
    expectDocumented(notificationListJson, inbox);
    expect(inbox.results.length).toBeGreaterThan(0);
    expectDocumented(notificationJson, await answerOf(`/v1/user/notification/${inbox.results[0].id}/`, 2));
    expectDocumented(notificationSettingsJson, await answerOf('/v1/user/notification/settings/', 2));
    expectDocumented(notificationStatsJson, await answerOf('/v1/user/notification/stats/', 2));
    const notices = await answerOf('/v1/board/notice/');
    expectDocumented(noticeListJson, notices);
    expect(notices.results.length).toBeGreaterThan(0);
    expectDocumented(noticeJson, await answerOf(`/v1/board/notice/${notices.results[0].uuid}/`));
    expectDocumented(inquiryListJson, await answerOf('/v1/inquiry/', 2));
  });

  it('documents the answers the upstream really gives (items, wish lists, probability tables)', async () => {
    const found = await answerOf(`/v1/item/search-name/?item_name=${encodeURIComponent('슬라임')}`);
    expectDocumented(itemPageJson, found);
    expect(found.results.length).toBeGreaterThan(0);
    expectDocumented(itemJson, await answerOf(`/v1/item/${found.results[0].uuid}/`));
    expectDocumented(wishUsersJson, await answerOf(`/v1/item/wish-items/users/${found.results[0].uuid}/?wish_type=buy`));
    const member = await uuidOfMember(2);
    const wishes = await answerOf(`/v1/item/wish-items/${member}/?wish_type=buy`, 2);
    expectDocumented(wishPageJson, wishes);
    expect(wishes.results.length).toBeGreaterThan(0);
    expectDocumented(wishStatsJson, await answerOf(`/v1/item/wish-items/stats/${member}/`, 2));
    const table = await answerOf('/v1/probability/treasurebox/');
    expectDocumented(z.array(probabilityItemJson), table);
    expect(table.length).toBeGreaterThan(0);
  });

  it('documents the answers the upstream really gives (stories)', async () => {
    const tray = await answerOf('/api/stories/groups');
    expectDocumented(storyGroupListJson, tray);
    const story = tray.results[0].stories[0];
    expectDocumented(storyJson, await answerOf(`/api/stories/${story.id}`));
    expectDocumented(z.array(storyJson), await answerOf(`/api/stories/user/${story.userId}`));
    expectDocumented(highlightsJson, await answerOf(`/api/stories/highlights/user/${story.userId}`));
    expectDocumented(storyStatsJson, await answerOf(`/api/stories/${story.id}/stats`, story.userId));
    expectDocumented(storyViewListJson, await answerOf(`/api/stories/${story.id}/viewers`, story.userId));
    expectDocumented(storyReactionListJson, await answerOf(`/api/stories/${story.id}/reactions`, story.userId));
  });

  it('serves Swagger UI from its own files at /docs', async () => {
    const page = await fetch(`${url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const scripts = [...html.matchAll(/src="([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script).not.toMatch(/^(https?:)?\/\//);
      const asset = await fetch(new URL(script, `${url}/docs/`));
      expect(asset.status).toBe(200);
      await asset.arrayBuffer();
    }
  });
});
