import { SEARCH_MAX_LENGTH, searchTermProblem } from '@domain/limits.js';

/** Member search by nickname: 1 to 100 characters after trimming, counted as the gateway counts them. */
export const memberSearchProblem = (q: string) => searchTermProblem(q, 1, SEARCH_MAX_LENGTH);
