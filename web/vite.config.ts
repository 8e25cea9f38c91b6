import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { uiTexts } from '../domain/messages.js';
import { LAYOUT } from '../domain/community.js';
import { precompress } from './precompress.js';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where `npm run gateway` listens during development. */
const gatewayOrigin = 'http://127.0.0.1:4000';

/** A small slime in the brand colour. */
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M4 27C4 15 9 5 16 5s12 10 12 22z" fill="${LAYOUT.brandColor}"/><circle cx="12" cy="18" r="2"/><circle cx="20" cy="18" r="2"/></svg>`;

/** The stylesheet reads the shell's measurements and brand colour from these variables, set on <html>. */
const rootStyle = `--layout-max-width:${LAYOUT.maxWidthPx}px;--tab-bar-height:${LAYOUT.tabBarHeightPx}px;--brand:${LAYOUT.brandColor};--progress-stop-delay:${LAYOUT.progressStopDelayMs}ms`;

/**
 * index.html carries placeholders so its title, theme colour, icon and the stylesheet's variables come from
 * domain/ (in the page itself, so the shell painted before the scripts run already has its width and colours).
 */
function domainPlaceholders(): Plugin {
  return {
    name: 'domain-placeholders',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%APP_TITLE%', uiTexts.appTitle)
        .replaceAll('%BRAND_COLOR%', LAYOUT.brandColor)
        .replaceAll('%ROOT_STYLE%', rootStyle)
        .replaceAll('%FAVICON%', `data:image/svg+xml,${encodeURIComponent(favicon)}`),
  };
}

/**
 * Puts the stylesheet into index.html: a linked stylesheet blocks the first paint for one more request, and the
 * page's one stylesheet is small (about 7 kB compressed). Vite has no option for this; the replacement is one line.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (link, file: string) => {
          const asset = bundle?.[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        }),
    },
  };
}

/**
 * react-relay 21 ships two versions of three hooks (a fragment's reader, the paginator's "load more", the query
 * loader) and picks one at every call by `RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY`, which is on by default
 * and which the app never turns off. The build links the version that runs; the other would be dead code in the
 * first visit's JavaScript (about 1.4 kB compressed). web/src/app/relay/bundle/entries.test.ts checks the flag.
 * RELAY_HOOK_DISPATCHER: how react-relay's hooks import the three files that pick (`./useFragmentInternal` …).
 */
const RELAY_HOOK_DISPATCHER = /(^|[\\/])(useFragmentInternal|useLoadMoreFunction|useQueryLoader)(\.js)?$/;
function relayActivityHooks(): Plugin {
  return {
    name: 'relay-activity-hooks',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!RELAY_HOOK_DISPATCHER.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !/[\\/]react-relay[\\/]lib[\\/]relay-hooks[\\/]\w+\.js$/.test(resolved.id)) return null;
      return { ...resolved, id: resolved.id.replace(/\.js$/, '_EXPERIMENTAL.js') };
    },
  };
}

/**
 * react-router's production build names its components for React's developer tools (`Form.displayName = "Form"`)
 * and makes them with `React.forwardRef(…)`, not marked pure: either keeps every component in the bundle, used or
 * not (`<Form>` with `useSubmit`, `<NavLink>`, `<ScrollRestoration>`, about 1.8 kB compressed of the first visit).
 * Production React reads no display name, so the build drops the top-level ones and marks forwardRef pure: the
 * components the app never renders then go the way of any unused export.
 */
function routerUnusedComponents(): Plugin {
  return {
    name: 'router-unused-components',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/.test(id)) return null;
      return code.replace(/^\w+\.displayName = "[^"]*";$/gm, '').replace(/\b(React\d*)\.forwardRef\(/g, '/* @__PURE__ */ $1.forwardRef(');
    },
  };
}

/** Library chunks the entry imports itself: always loaded by the time a screen is, so no preload list names them. */
const ENTRY_LIBRARY_CHUNKS = ['react', 'relay', 'router', 'rolldown-runtime', 'messages', 'preload-helper'];
const ENTRY_LIBRARY_FILE = new RegExp(`^assets/(${ENTRY_LIBRARY_CHUNKS.join('|')})-`);
/** Chunks whose file keeps its name: those libraries, and zod's (shared by the form screens). */
const NAMED_CHUNKS = new Set([...ENTRY_LIBRARY_CHUNKS, 'zod']);

export default defineConfig({
  root: webDir,
  base: '/',
  plugins: [react(), relay, relayActivityHooks(), routerUnusedComponents(), domainPlaceholders(), inlineStylesheet(), precompress()],
  resolve: {
    alias: [
      { find: '@domain', replacement: `${repoRoot}domain` },
      // Relay ships CommonJS, whose entries pull in every part: these name only the parts the app uses.
      { find: /^react-relay$/, replacement: `${webDir}src/app/relay/bundle/react-relay.js` },
      { find: /^relay-runtime$/, replacement: `${webDir}src/app/relay/bundle/relay-runtime.js` },
      // react-router's package exports always name its development build (warnings and dev checks included,
      // remix-run/react-router#14102); the production build ships beside it.
      { find: /^react-router$/, replacement: `${repoRoot}node_modules/react-router/dist/production/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${repoRoot}node_modules/react-router/dist/production/dom-export.mjs` },
    ],
  },
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    // Read by scripts/web-budget.ts to find what /community loads first.
    manifest: true,
    // Every browser we target supports <link rel="modulepreload">: the polyfill would only add bytes to the entry.
    // A screen's preload list leaves out the library chunks the entry itself imports (always loaded by then): every
    // lazy import in the route table carries its list, so each name left out is bytes off the first visit.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_LIBRARY_FILE.test(dep)),
    },
    rolldownOptions: {
      output: {
        // The route table names every chunk, so the app's own chunks are named by their hash alone (7 characters, 42 bits,
        // are unique enough for one release's files): their names cost every first visit bytes. The libraries keep
        // their names, which the preload lists above leave out by.
        chunkFileNames: (chunk) => (NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash:7].js' : 'assets/[hash:7].js'),
        // Libraries change far less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'relay', test: /node_modules[\\/](react-relay|relay-runtime|fbjs|invariant)[\\/]|src[\\/]app[\\/]relay[\\/]bundle[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            // With domain/zod.ts, zod's Korean set-up, so screens that share zod share one chunk (each name costs the route table).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|domain[\\/]zod\.ts$/ },
            // The live status and the "more" button that tells through it: one small chunk, one name in the route table.
            { name: 'live-status', test: /src[\\/]ui[\\/](LiveStatus|LoadMoreButton)\.tsx$/, includeDependenciesRecursively: false },
            // The upload limits and the attachment picker of the inquiry and notice forms: one chunk, one name in the route table.
            { name: 'upload-limits', test: /domain[\\/]uploads\.ts$|src[\\/]ui[\\/]AttachmentField\.tsx$/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': gatewayOrigin,
      '/media': gatewayOrigin,
    },
  },
});
