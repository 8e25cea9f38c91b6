/** The address's parameter that keeps a search screen's text (useSearchInAddress), read by loaders too. */
export const SEARCH_PARAM = 'q';
