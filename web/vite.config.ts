import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { uiTexts } from '../domain/messages.js';
import { LAYOUT } from '../domain/community.js';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where `npm run gateway` listens during development. */
const gatewayOrigin = 'http://127.0.0.1:4000';

/** index.html carries placeholders so its title and theme colour come from domain/. */
function domainPlaceholders(): Plugin {
  return {
    name: 'domain-placeholders',
    transformIndexHtml: (html) =>
      html.replaceAll('%APP_TITLE%', uiTexts.appTitle).replaceAll('%BRAND_COLOR%', LAYOUT.brandColor),
  };
}

export default defineConfig({
  root: webDir,
  base: '/',
  plugins: [react(), relay, domainPlaceholders()],
  resolve: {
    alias: { '@domain': `${repoRoot}domain` },
  },
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'relay', test: /node_modules[\\/](react-relay|relay-runtime|fbjs|invariant)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
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
