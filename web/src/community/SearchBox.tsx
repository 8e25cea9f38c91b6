import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { POST_SEARCH_TYPES, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchTermProblem, type PostSearchType } from '@domain/limits.js';
import { communityTexts, validationTexts } from '@domain/messages.js';
import { searchPath } from './numberedPages';
import { characterLimit } from '../ui/FormParts';
import { rememberSearch } from './recentSearches';

const s = communityTexts.search;

/**
 * Why a post search term would be refused (000 §5: 2 to 100 characters after trimming, an emoji counted as one, as
 * the gateway counts), in its rule's words; null when it is searched. A refused term is never sent.
 */
export function postSearchProblem(query: string): string | null {
  const problem = searchTermProblem(query, SEARCH_MIN_LENGTH, SEARCH_MAX_LENGTH);
  if (problem === 'tooShort') return validationTexts.searchMin(SEARCH_MIN_LENGTH);
  if (problem === 'tooLong') return validationTexts.searchMax(SEARCH_MAX_LENGTH);
  return null;
}

/**
 * The search box of 000 §2: type selector, placeholder, search button; a short term says why it is not run.
 * Results open on the search screen, or on `basePath` (a list that searches in place, where a blank term shows
 * the whole list again).
 */
export function SearchBox({
  initialQuery = '',
  initialType = POST_SEARCH_TYPES[0],
  basePath,
}: {
  initialQuery?: string;
  initialType?: PostSearchType;
  basePath?: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [type, setType] = useState<PostSearchType>(initialType);
  // A list that searches in place lists everything for a term it cannot search: the box says why at once (a term
  // from the address, typed elsewhere or shared), rather than showing the whole list as if it were the results.
  const [problem, setProblem] = useState<string | null>(() => (basePath && initialQuery.trim() ? postSearchProblem(initialQuery) : null));
  const navigate = useNavigate();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (basePath && !query.trim()) {
      setProblem(null);
      navigate(basePath);
      return;
    }
    const refusal = postSearchProblem(query);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    rememberSearch(query.trim());
    navigate(searchPath({ query, type, page: 1 }, basePath));
  };

  return (
    <form role="search" className="search-box-form" onSubmit={submit} noValidate>
      <div className="search-box">
        <select
          aria-label={s.typeLabel}
          className="field__input search-box__type"
          value={type}
          onChange={(event) => setType(event.target.value as PostSearchType)}
        >
          {POST_SEARCH_TYPES.map((value) => (
            <option key={value} value={value}>
              {s.types[value]}
            </option>
          ))}
        </select>
        <input
          type="search"
          aria-label={s.placeholder}
          className="field__input search-box__input"
          placeholder={s.placeholder}
          value={query}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          {...characterLimit(SEARCH_MAX_LENGTH, (value) => {
            setQuery(value);
            setProblem(null);
          })}
        />
        <button type="submit" className="button button--primary">
          {s.submit}
        </button>
      </div>
      {problem ? (
        <p id={errorId} className="field__error search-box__error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
