/** `/community?category=<databaseId>` (002 §2.1). Anything but a positive integer means no filter. */
export function categoryIdFrom(search: string | URLSearchParams): number | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = params.get('category');
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function communityPath(categoryId: number | null): string {
  return categoryId == null ? '/community' : `/community?category=${categoryId}`;
}
