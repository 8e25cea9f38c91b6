import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import type { Plugin } from 'graphql-yoga';
import Negotiator from 'negotiator';
import { uiTexts } from '../../../domain/index.js';

/** What GraphiQL opens with: the community feed with a fragment and variables, the way the web client reads it. */
export const EXAMPLE_QUERY = /* GraphQL */ `# 커뮤니티 최신 글과 카테고리. 변수(first, sort)는 아래 Variables 창에서 바꿀 수 있습니다.
# 웹 앱이 쓰는 등록된 작업(persisted operations)은 /graphql/persisted 에서 볼 수 있습니다.
query CommunityFeed($first: Int = 5, $sort: PostSort = LATEST) {
  categories {
    ...CategoryName
    children { ...CategoryName }
  }
  posts(first: $first, sort: $sort) {
    totalCount
    edges {
      cursor
      node { ...PostCard }
    }
    pageInfo { hasNextPage endCursor }
  }
}

fragment CategoryName on Category {
  databaseId
  name
}

fragment PostCard on Post {
  id
  title
  likeCount
  replyCount
  viewCount
  createdAt
  author { nickname representBadge { title hexCode } }
  category { name }
}
`;

export const EXAMPLE_VARIABLES = JSON.stringify({ first: 5, sort: 'LATEST' }, null, 2);

const GRAPHIQL_OPTIONS = {
  title: `${uiTexts.appTitle} GraphQL`,
  defaultQuery: EXAMPLE_QUERY,
  defaultTabs: [{ query: EXAMPLE_QUERY, variables: EXAMPLE_VARIABLES }],
};

interface GraphiQLPage {
  html: string;
  /** The CSP hash source of the page's one inline script. */
  scriptSource: string;
}

let page: GraphiQLPage | undefined;

/**
 * GraphiQL's page, with the GraphiQL bundle (and its editor workers) inlined from @graphql-yoga/render-graphiql, so
 * it loads from this origin alone (offline, or behind a CSP naming no CDN). Rendered once, when first asked for.
 */
export function graphiqlPage(): GraphiQLPage {
  if (!page) {
    const html = renderGraphiQL(GRAPHIQL_OPTIONS);
    const script = html.slice(html.indexOf('<script>') + '<script>'.length, html.lastIndexOf('</script>'));
    page = { html, scriptSource: `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'` };
  }
  return page;
}

let gzipped: Promise<ArrayBuffer> | undefined;

/**
 * The page is about 9 MB (the GraphiQL bundle and its editor's workers) and the same for every request: it is
 * compressed once, when first asked for, and sent gzip-encoded (about a quarter of the size) to clients accepting it.
 */
export function useCompressedGraphiQL(): Plugin {
  return {
    async onResponse({ request, response, setResponse, fetchAPI }) {
      if (!response.headers.get('content-type')?.startsWith('text/html') || !page) return;
      const headers = new fetchAPI.Headers(response.headers);
      headers.set('vary', 'accept-encoding');
      const encoding = new Negotiator({ headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? undefined } }).encoding(['gzip']);
      if (encoding !== 'gzip') return setResponse(new fetchAPI.Response(response.body, { status: response.status, headers }));
      await response.body?.cancel();
      gzipped ??= promisify(gzip)(page.html).then((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      const body = await gzipped;
      headers.set('content-encoding', 'gzip');
      headers.set('content-length', String(body.byteLength));
      setResponse(new fetchAPI.Response(body, { status: response.status, headers }));
    },
  };
}
