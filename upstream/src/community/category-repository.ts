import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { categories, settings, type CategoryRow } from '../db/schema.js';

export const UPDATE_CODE_KEY = 'categories.update_code';

export async function listCategories(db: Database): Promise<{ updateCode: string; rows: CategoryRow[] }> {
  const [rows, code] = await Promise.all([
    db.select().from(categories).orderBy(categories.priority, categories.id),
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, UPDATE_CODE_KEY)),
  ]);
  return { updateCode: code[0]?.value ?? '', rows };
}
