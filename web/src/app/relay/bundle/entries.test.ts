import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without declarations (types come from relay-runtime itself)
import * as narrowRuntime from './relay-runtime.js';

const require = createRequire(import.meta.url);
const fullRuntime = require('relay-runtime') as Record<string, unknown> & { __internal: Record<string, unknown> };

/**
 * The hook files react-relay.js links and every file of react-relay they require, with the names each reads from
 * require('relay-runtime') (`x = require('relay-runtime')` then `x.name`, `x.__internal.name`, or through a
 * variable holding `x.__internal`).
 */
function namesReadByLinkedHooks(): Set<string> {
  const entry = readFileSync(fileURLToPath(new URL('./react-relay.js', import.meta.url)), 'utf8');
  const pending = [...entry.matchAll(/'(react-relay\/lib\/[^']+)'/g)].map((match) => require.resolve(match[1]));
  const seen = new Set<string>();
  const names = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, relative] of source.matchAll(/require\(['"](\.[^'"]+)['"]\)/g)) pending.push(require.resolve(resolve(dirname(file), relative)));
    for (const [, runtime] of source.matchAll(/(\w+) = require\(['"]relay-runtime['"]\)/g)) {
      for (const [, name, , inner] of source.matchAll(new RegExp(`\\b${runtime}\\.(\\w+)(\\.(\\w+))?`, 'g'))) {
        names.add(name === '__internal' && inner ? `__internal.${inner}` : name);
      }
      for (const [, internal] of source.matchAll(new RegExp(`(\\w+) = ${runtime}\\.__internal\\b`, 'g'))) {
        for (const [, name] of source.matchAll(new RegExp(`\\b${internal}\\.(\\w+)`, 'g'))) names.add(`__internal.${name}`);
      }
    }
  }
  expect(seen.size).toBeGreaterThan(20);
  return names;
}

function valueAt(module: Record<string, unknown>, name: string): unknown {
  const [head, inner] = name.split('.');
  return inner ? (module[head] as Record<string, unknown> | undefined)?.[inner] : module[head];
}

describe("the build's narrow relay-runtime", () => {
  it("gives react-relay's linked hooks every name they read, the same as relay-runtime's own index", () => {
    const names = [...namesReadByLinkedHooks()].filter((name) => name !== '__internal');
    expect(names).toContain('__internal.fetchQueryDeduped');
    for (const name of names) {
      expect(valueAt(fullRuntime, name), name).toBeDefined();
      expect(valueAt(narrowRuntime, name), name).toBe(valueAt(fullRuntime, name));
    }
  });
});

describe("the build's choice of react-relay's hook versions", () => {
  // web/vite.config.ts links each of these files' `_EXPERIMENTAL` twin in its place: the one they call while the flag is on.
  const dispatchers = ['useFragmentInternal', 'useLoadMoreFunction', 'useQueryLoader'];

  it('is the version Relay runs: ENABLE_ACTIVITY_COMPATIBILITY is on by default', () => {
    const flags = fullRuntime.RelayFeatureFlags as Record<string, unknown>;
    expect(flags.ENABLE_ACTIVITY_COMPATIBILITY).toBe(true);
    for (const name of dispatchers) {
      const source = readFileSync(require.resolve(`react-relay/lib/relay-hooks/${name}.js`), 'utf8');
      expect(source, name).toMatch(new RegExp(`if \\([\\w.]+\\.ENABLE_ACTIVITY_COMPATIBILITY\\) \\{\\s*return \\(?(0, )?\\w*${name}_EXPERIMENTAL`));
    }
  });
});
