import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { PersistedOperations } from '../../gateway/src/server/persisted.js';

/** The built web app (`npm run build`, which the browser suite runs first). */
const WEB_DIR = 'dist/web';

/** The shipped scripts, or those of one named library chunk (`router-<hash>.js`). */
async function shippedScripts(chunk = ''): Promise<string> {
  const assets = join(WEB_DIR, 'assets');
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js') && file.startsWith(chunk));
  return (await Promise.all(files.map((file) => readFile(join(assets, file), 'utf8')))).join('\n');
}

it('ships no operation text, only persisted ids the gateway knows', async () => {
  const persisted = PersistedOperations.load();
  const scripts = await shippedScripts();
  const shippedIds = [...scripts.matchAll(/id:`([0-9a-f]{32})`/g)].map((match) => match[1]);
  expect(shippedIds.length).toBeGreaterThan(0);
  for (const id of shippedIds) {
    const text = persisted.get(id);
    expect(text, `shipped id ${id} is persisted`).toBeDefined();
    // The operation's first line (e.g. `query PostDetailPageQuery(`) and every fragment definition in it.
    const signatures = [text!.split('\n')[0], ...(text!.match(/^fragment \w+ on \w+/gm) ?? [])];
    for (const signature of signatures) expect(scripts.includes(signature), signature).toBe(false);
  }
  expect(/\b(query|mutation|subscription) [A-Z]\w*\(/.test(scripts)).toBe(false);
});

it("ships one version of each of react-relay's hooks, not both with a flag picking one at every call", async () => {
  const scripts = await shippedScripts();
  // The flag's definition in RelayFeatureFlags, and no read of it choosing between two versions (web/vite.config.ts).
  expect(scripts.match(/ENABLE_ACTIVITY_COMPATIBILITY/g)).toHaveLength(1);
});

it('ships none of the router components the app never renders (<Form> and useSubmit, <NavLink>)', async () => {
  const scripts = await shippedScripts('router-');
  expect(scripts).toContain('useHref');
  // useSubmit's errors for a submitter outside a form, and NavLink's render props (isActive, isPending …).
  expect(scripts).not.toContain('Cannot submit');
  expect(scripts).not.toMatch(/\bisPending\b/);
});
