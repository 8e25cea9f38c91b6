import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, SPECIAL_IDS } from '../../domain/community.js';
import { categories } from '../../upstream/src/db/schema.js';
import { backends, useUpstream } from '../helpers/upstream.js';
import { getJson } from './support.js';

interface CategoryJson {
  id: number;
  name: string;
  priority: number;
  code: string | null;
  hidden: boolean;
  children: CategoryJson[];
}

const flatten = (list: CategoryJson[]): CategoryJson[] => list.flatMap((category) => [category, ...flatten(category.children)]);

describe.each(backends())('GET /v1/community/categories/ (%s)', (backend) => {
  const upstream = useUpstream({ backend });

  it('answers update_code and the visible tree, each level by priority', async () => {
    const { status, body } = await getJson<{ update_code: string; results: CategoryJson[] }>(`${upstream.url}/v1/community/categories/`);
    expect(status).toBe(200);
    expect(typeof body.update_code).toBe('string');
    expect(body.update_code.length).toBeGreaterThan(0);

    const rows = await upstream.db.select().from(categories);
    const hiddenIds = new Set(rows.filter((row) => row.hidden).map((row) => row.id));
    expect(hiddenIds.size).toBeGreaterThan(0);

    const listed = flatten(body.results);
    // Every visible category exactly once, no hidden one at any depth.
    expect(listed.map((category) => category.id).sort((a, b) => a - b)).toEqual(
      rows
        .filter((row) => !row.hidden)
        .map((row) => row.id)
        .sort((a, b) => a - b),
    );
    for (const category of listed) {
      expect(category.hidden).toBe(false);
      expect(Object.keys(category).sort()).toEqual(['children', 'code', 'hidden', 'id', 'name', 'priority']);
    }

    // Children sit under their parents, and each level is sorted by priority.
    const byId = new Map(rows.map((row) => [row.id, row]));
    const checkLevel = (level: CategoryJson[], parentId: number | null) => {
      const priorities = level.map((category) => category.priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
      for (const category of level) {
        expect(byId.get(category.id)?.parentId ?? null).toBe(parentId);
        checkLevel(category.children, category.id);
      }
    };
    checkLevel(body.results, null);
  });

  it('uses the spec ids: all, market with sell/buy/sharing, mentoring, contest, notice', async () => {
    const { body } = await getJson<{ results: CategoryJson[] }>(`${upstream.url}/v1/community/categories/`);
    const top = new Map(body.results.map((category) => [category.id, category]));
    expect(top.get(CATEGORY_IDS.all)?.code).toBe('all');
    expect(top.get(CATEGORY_IDS.market)?.children.map((child) => child.id)).toEqual([CATEGORY_IDS.sell, CATEGORY_IDS.buy, CATEGORY_IDS.sharing]);
    expect(top.get(CATEGORY_IDS.mentoring)?.children.map((child) => child.id)).toContain(CATEGORY_IDS.generalMentoring);
    expect(top.has(SPECIAL_IDS.contest)).toBe(true);
    expect(top.has(SPECIAL_IDS.notice)).toBe(true);
    expect(top.has(SPECIAL_IDS.excludedContest)).toBe(false);
  });
});
