import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
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
  /** A weak validator of the page (the same for each of its encodings). */
  etag: string;
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
    page = {
      html,
      etag: `W/"${createHash('sha256').update(html, 'utf8').digest('base64url').slice(0, 27)}"`,
      scriptSource: `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
    };
  }
  return page;
}

type Encoding = 'br' | 'gzip';
/** Smaller first: brotli whenever the client accepts it. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];
// Quality 5: 1.9 MB in about half a second on first request; 9 saves 4 % more for six times the wait.

const encoders: Record<Encoding, (html: string) => Promise<Buffer>> = {
  br: (html) => promisify(brotliCompress)(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html) => promisify(gzip)(html),
};
const encoded = new Map<Encoding, Promise<ArrayBuffer>>();

/**
 * The page is about 9 MB (the GraphiQL bundle and its editor's workers) and the same for every request: it is
 * compressed once per encoding, when first asked for, and sent brotli- or gzip-encoded (about a sixth or a quarter of
 * the size) to clients accepting it. Its ETag lets a browser opening GraphiQL again revalidate instead of downloading it.
 */
export function useCompressedGraphiQL(): Plugin {
  return {
    async onResponse({ request, response, setResponse, fetchAPI }) {
      if (!response.headers.get('content-type')?.startsWith('text/html') || !page) return;
      const headers = new fetchAPI.Headers(response.headers);
      headers.set('vary', 'accept-encoding');
      headers.set('cache-control', 'no-cache');
      headers.set('etag', page.etag);
      if (
        request.headers
          .get('if-none-match')
          ?.split(/\s*,\s*/)
          .includes(page.etag)
      ) {
        await response.body?.cancel();
        headers.delete('content-length');
        return setResponse(new fetchAPI.Response(null, { status: 304, headers }));
      }
      const negotiator = new Negotiator({ headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? undefined } });
      // The first the client accepts at all, smaller first (any acceptable coding may be sent).
      const encoding = ENCODINGS.find((candidate) => negotiator.encoding([candidate]) === candidate);
      if (!encoding) return setResponse(new fetchAPI.Response(response.body, { status: response.status, headers }));
      await response.body?.cancel();
      const html = page.html;
      let body = encoded.get(encoding);
      if (!body) {
        body = encoders[encoding](html).then((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
        encoded.set(encoding, body);
      }
      const bytes = await body;
      headers.set('content-encoding', encoding);
      headers.set('content-length', String(bytes.byteLength));
      setResponse(new fetchAPI.Response(bytes, { status: response.status, headers }));
    },
  };
}
