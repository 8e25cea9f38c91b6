/** The address's parameter that keeps a search screen's text (useSearchInAddress), read by loaders too. */
export const SEARCH_PARAM = 'q';

/** The address's parameter that keeps a numbered page (a probability table's), from 1; absent on page 1. */
export const PAGE_PARAM = 'page';

/** The page the address names: a whole number from 1, else 1. */
export function pageInAddress(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
