/** A copy of `set` with `item` in it or out of it: the next state of a multiple choice (React state is never changed in place). */
export function setWith<T>(set: ReadonlySet<T>, item: T, included: boolean): Set<T> {
  const next = new Set(set);
  if (included) next.add(item);
  else next.delete(item);
  return next;
}
