import { PROBABILITY_KINDS, PROBABILITY_SEARCH_MAX_LENGTH, searchTermProblem, type ProbabilityKind } from '@domain/limits.js';
import { pageNumberFrom } from '../app/routing/pageNumber';

/** The address's parameter that keeps a search screen's text (useSearchInAddress), read by loaders too. */
export const SEARCH_PARAM = 'q';

/** The address's parameter that keeps a numbered page (a probability table's), from 1; absent on page 1. */
export const PAGE_PARAM = 'page';

/** The page of `pageSize` rows the address names (see pageNumberFrom). */
export const pageInAddress = (params: URLSearchParams, pageSize: number): number => pageNumberFrom(params.get(PAGE_PARAM), pageSize);

/** The probability table a path's `{kind}` names; null for none. */
export function probabilityKindOf(raw: string | undefined): ProbabilityKind | null {
  return (PROBABILITY_KINDS as readonly string[]).includes(raw ?? '') ? (raw as ProbabilityKind) : null;
}

/**
 * Why the gateway would refuse a table's search (002 §5.2: at most PROBABILITY_SEARCH_MAX_LENGTH characters after
 * trimming, an emoji counted as one; a blank one keeps every row); null when it is searched. A refused term is never sent.
 */
export const probabilitySearchProblem = (term: string) => searchTermProblem(term, 0, PROBABILITY_SEARCH_MAX_LENGTH);
