import { pageNumberFrom } from '../app/routing/pageNumber';

/** The address's parameter that keeps a search screen's text (useSearchInAddress), read by loaders too. */
export const SEARCH_PARAM = 'q';

/** The address's parameter that keeps a numbered page (a probability table's), from 1; absent on page 1. */
export const PAGE_PARAM = 'page';

/** The page of `pageSize` rows the address names (see pageNumberFrom). */
export const pageInAddress = (params: URLSearchParams, pageSize: number): number => pageNumberFrom(params.get(PAGE_PARAM), pageSize);
