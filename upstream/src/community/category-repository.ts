import { count, eq } from 'drizzle-orm';
import { BOARD_IDS, CATEGORY_IDS, SPECIAL_IDS } from '../../../domain/community.js';
import type { Database } from '../db/client.js';
import { categories, settings, type CategoryRow } from '../db/schema.js';

export const UPDATE_CODE_KEY = 'categories.update_code';

/** The version of the tree below, answered as `update_code` so clients know when to fetch it again. */
export const BOARD_TREE_UPDATE_CODE = '2024.11.3';

/**
 * The boards and their categories, which the app's screens are built around: ids follow 000 §3 (all 26, market 29
 * with sell 15 / buy 16 / sharing 17, mentoring 30 with 54, contest 46, notice 10).
 */
export const BOARD_TREE: readonly (Omit<CategoryRow, 'hidden'> & { hidden?: boolean })[] = [
  { id: CATEGORY_IDS.all, parentId: null, name: '전체', priority: 0, code: 'all' },
  { id: SPECIAL_IDS.notice, parentId: null, name: '공지', priority: 1, code: 'notice' },
  { id: BOARD_IDS.general, parentId: null, name: '자유', priority: 2, code: 'general' },
  { id: CATEGORY_IDS.market, parentId: null, name: '마켓', priority: 3, code: 'market' },
  { id: CATEGORY_IDS.sell, parentId: CATEGORY_IDS.market, name: '팝니다', priority: 1, code: 'sell' },
  { id: CATEGORY_IDS.buy, parentId: CATEGORY_IDS.market, name: '삽니다', priority: 2, code: 'buy' },
  { id: CATEGORY_IDS.sharing, parentId: CATEGORY_IDS.market, name: '나눔', priority: 3, code: 'sharing' },
  { id: CATEGORY_IDS.mentoring, parentId: null, name: '멘토링', priority: 4, code: 'mentoring' },
  { id: CATEGORY_IDS.generalMentoring, parentId: CATEGORY_IDS.mentoring, name: '일반 멘토링', priority: 1, code: 'general_mentoring' },
  { id: 55, parentId: CATEGORY_IDS.mentoring, name: '운영진 멘토링', priority: 2, code: 'staff_mentoring', hidden: true },
  { id: SPECIAL_IDS.contest, parentId: null, name: '콘테스트', priority: 5, code: 'contest' },
  { id: SPECIAL_IDS.excludedContest, parentId: null, name: '지난 콘테스트', priority: 6, code: null, hidden: true },
];

/**
 * Gives a database without any category the board tree (every start runs it, demo data or not), so a new production
 * database has the boards posts are filed under. One that has categories is left as its operators keep it.
 */
export async function fillEmptyBoardTree(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(categories);
  if (Number(n) > 0) return false;
  // Replicas starting together may both find the table empty: the second's rows are passed over.
  await db
    .insert(categories)
    .values(BOARD_TREE.map((category) => ({ ...category, hidden: category.hidden ?? false })))
    .onConflictDoNothing();
  await db.insert(settings).values({ key: UPDATE_CODE_KEY, value: BOARD_TREE_UPDATE_CODE }).onConflictDoNothing();
  return true;
}

export async function listCategories(db: Database): Promise<{ updateCode: string; rows: CategoryRow[] }> {
  const [rows, code] = await Promise.all([
    db.select().from(categories).orderBy(categories.priority, categories.id),
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, UPDATE_CODE_KEY)),
  ]);
  return { updateCode: code[0]?.value ?? '', rows };
}
