import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BOARD_IDS } from '../../domain/community.js';
import { buildUpstream, type Upstream } from '../../upstream/src/app.js';
import { BOARD_TREE, BOARD_TREE_UPDATE_CODE } from '../../upstream/src/community/category-repository.js';
import { categories, users } from '../../upstream/src/db/schema.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'new-database-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The upstream on the test's own PGlite folder without demo data, as production starts it on a new database. */
async function withUpstream<T>(use: (upstream: Upstream) => Promise<T>): Promise<T> {
  const upstream = await buildUpstream({ dataDir, seed: false });
  try {
    return await use(upstream);
  } finally {
    await upstream.close();
  }
}

/** `npm run staff -- <args>` on the test's database (the upstream stopped, as the command asks for PGlite). */
function staff(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'upstream/src/staff.ts', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', UPSTREAM_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

const EMAIL = 'first.staff@slime.example';

describe('a new database without demo data', () => {
  it('has the boards posts are filed under, and a member who signs up can post in one', async () => {
    await withUpstream(async ({ app }) => {
      const tree = await app.inject({ method: 'GET', url: '/v1/community/categories/' });
      expect(tree.statusCode).toBe(200);
      const body = tree.json<{ update_code: string; results: { id: number; children?: unknown[] }[] }>();
      expect(body.update_code).toBe(BOARD_TREE_UPDATE_CODE);
      const shown = BOARD_TREE.filter((category) => category.parentId === null && !category.hidden).map((category) => category.id);
      expect(body.results.map((category) => category.id)).toEqual(shown);

      const signUp = await app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: {
          email: EMAIL,
          password: 'first-staff-1234',
          passwordConfirm: 'first-staff-1234',
          nickname: '슬라임지기',
          agreeTerms: true,
          agreePrivacy: true,
        },
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      const login = await app.inject({ method: 'POST', url: '/v1/user/login/', payload: { email: EMAIL, password: 'first-staff-1234' } });
      const token = login.json<{ token: string }>().token;
      const created = await app.inject({
        method: 'POST',
        url: '/v1/community/',
        headers: { authorization: `token ${token}` },
        payload: { title: '첫 글', content: '새 게시판의 첫 글입니다.', post_type: 'general', category: BOARD_IDS.general },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<{ category: { id: number; name: string } }>().category).toMatchObject({ id: BOARD_IDS.general, name: '자유' });
    });
  }, 60_000);

  it('keeps categories its operators changed: the tree fills only a table without any', async () => {
    await withUpstream(async ({ db }) => {
      await db.update(categories).set({ name: '자유게시판' }).where(eq(categories.code, 'general'));
    });
    await withUpstream(async ({ db }) => {
      const [general] = await db.select().from(categories).where(eq(categories.code, 'general'));
      expect(general.name).toBe('자유게시판');
    });
  }, 60_000);

  it('gets its first staff member from `npm run staff -- grant`, and loses them with revoke', async () => {
    const granted = await staff('grant', EMAIL.toUpperCase());
    expect(granted, granted.stderr).toMatchObject({ code: 0, stdout: `staff: ${EMAIL} (슬라임지기) is staff\n` });
    expect((await staff('list')).stdout).toBe(`${EMAIL}\t슬라임지기\n`);
    await withUpstream(async ({ db }) => {
      const [member] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.email, EMAIL));
      expect(member.isStaff).toBe(true);
    });

    expect((await staff('revoke', EMAIL)).stdout).toBe(`staff: ${EMAIL} (슬라임지기) is no longer staff\n`);
    expect((await staff('list')).stdout).toMatch(/^staff: none yet/);
  }, 90_000);

  it('refuses an unknown member or a wrong command with one line and exit code 1', async () => {
    const unknown = await staff('grant', 'nobody@slime.example');
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'staff: no member signs in with "nobody@slime.example": sign up in the app first\n' });
    const wrong = await staff('promote', EMAIL);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^usage: npm run staff -- grant/);
    expect(wrong.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});
