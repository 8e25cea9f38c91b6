import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { SOCIAL_SDKS } from '../../../domain/social-sdks.js';
import { graphiqlPage } from './graphiql.js';

type Directives = Record<string, string[]>;

const sdks = Object.values(SOCIAL_SDKS);
const originOf = (url: string) => new URL(url).origin;
const unique = (values: string[]) => [...new Set(values)];

/** The hash source of an inline text as CSP writes it. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The inline styles the built index.html carries (the build inlines the first screen's CSS in a <style> and the
 * layout variables in the <html> style attribute), as hash sources: they are allowed by content, nothing else
 * inline is. The page has no inline script.
 */
export function inlineStyleSources(indexHtml: string): string[] {
  const elements = [...indexHtml.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => sha256(match[1]));
  const attributes = [...indexHtml.matchAll(/\sstyle="([^"]*)"/gi)].map((match) => sha256(match[1]));
  return [...elements, ...(attributes.length ? ["'unsafe-hashes'", ...attributes] : [])];
}

/**
 * The web app's policy: its own scripts and styles only (no inline script, inline styles by hash), the social
 * SDKs' script, frame and connect sources and nothing else, pictures and videos from anywhere over https (media
 * may live on a CDN), and no framing by any site.
 */
export function appDirectives(inlineStyles: string[]): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...unique(sdks.map((sdk) => originOf(sdk.script)))],
    'style-src': ["'self'", ...inlineStyles, ...sdks.flatMap((sdk) => sdk.styles)],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...unique(sdks.flatMap((sdk) => sdk.connects))],
    'frame-src': unique(sdks.flatMap((sdk) => sdk.frames)),
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * GraphiQL's page (graphiql.ts, served from this origin): its one inline script by hash, the styles its editor
 * injects at run time, its editor workers from blob: URLs; nothing from any other origin.
 */
export const GRAPHIQL_DIRECTIVES: Record<string, Array<string | (() => string)>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", () => graphiqlPage().scriptSource],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `graphiql`: the route serves GraphiQL's page and takes its policy (the other headers stay the app's). */
    securityPolicy?: 'graphiql';
  }
}

/** The route config giving /graphql (GraphiQL's page) its own policy. */
export const graphiqlSecurityPolicy = { securityPolicy: 'graphiql' } as const;

/**
 * What helmet's middleware does to every answer, taken from it once: none of our policies depends on the request
 * (GraphiQL's script hash is the one rendered page's), so each answer gets the same headers set directly, without
 * running helmet's chain of middleware per request.
 */
function fixedHeaders(options: HelmetOptions): (response: ServerResponse) => void {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse;
  let done = false;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's middleware is synchronous (8.x); should that change, the headers recorded would be partial.
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be taken once');
  return (response) => {
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of set) response.setHeader(name, value);
  };
}

/**
 * Browser security headers on every answer (helmet): the CSP above, `nosniff`, `X-Frame-Options: DENY`,
 * `Referrer-Policy: strict-origin-when-cross-origin`; pop-ups (the social logins) keep their opener. Media keep
 * their own stricter CSP (set by `serveMedia`, which overrides this one). Each policy's headers are computed once
 * (`fixedHeaders`): @fastify/helmet built helmet's middleware again for every request (~2 % of the gateway's busy time),
 * and running the built middleware per request still cost ~1.5 %.
 */
export async function securityHeaders(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const index = webRoot ? resolve(webRoot, 'index.html') : undefined;
  const inlineStyles = index && existsSync(index) ? inlineStyleSources(readFileSync(index, 'utf8')) : [];
  const shared: HelmetOptions = {
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  const appHeaders = fixedHeaders({ ...shared, contentSecurityPolicy: { useDefaults: false, directives: appDirectives(inlineStyles) } });
  // When first asked for: GraphiQL's page (whose script it hashes) is rendered only where it is served.
  let graphiqlHeaders: ((response: ServerResponse) => void) | undefined;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityPolicy === 'graphiql') {
      graphiqlHeaders ??= fixedHeaders({ ...shared, contentSecurityPolicy: { useDefaults: false, directives: GRAPHIQL_DIRECTIVES } });
      graphiqlHeaders(reply.raw);
    } else {
      appHeaders(reply.raw);
    }
    done();
  });
}
