import type { ErrorCode } from './errors.js';

/**
 * What each error code means, for the GraphQL schema's `ErrorCode` descriptions; keyed by the codes of
 * `ERROR_CODES` (the compiler requires one meaning per code). Apart from errors.ts so the web bundle, which
 * needs only the codes, does not carry these texts.
 */
export const ERROR_CODE_MEANINGS: { readonly [Code in ErrorCode]: string } = {
  NETWORK_ERROR: 'Said by a client: it could not reach the server (its own network failed). A service the server cannot reach is SERVICE_UNAVAILABLE instead.',
  TIMEOUT: 'No answer came in time: from a service the server needs, or (said by a client) from the server.',
  BAD_REQUEST: 'The request was refused as it stands (a wrong login, a malformed operation, an operation above the cost limit); the message says why.',
  UNAUTHORIZED: 'The request needs a session: none was sent, or it expired or was revoked. Log in again.',
  FORBIDDEN: 'The caller may not do this (not the author, not staff, blocked).',
  NOT_FOUND: 'Nothing with this id exists, or the caller may not see it.',
  CONFLICT: 'It was already done or clashes with what exists (a second report, a taken nickname).',
  UNPROCESSABLE_ENTITY: 'The input is well formed but cannot be carried out.',
  INTERNAL_SERVER_ERROR: 'An unexpected failure; the message is generic and nothing internal is shown. Try again later.',
  SERVICE_UNAVAILABLE: 'A service the answer needs is down for now. Try again later.',
  VALIDATION_ERROR:
    'The input broke a rule; the message is the first broken rule, and `issues` (or `extensions.issues`) locate each broken rule by argument and input field.',
  BUSINESS_ERROR: 'A product rule refused the request (e.g. a limit reached); the message says which.',
  RATE_LIMITED:
    'Too many requests for now (operations over a rate limit, too many failed logins or password checks): nothing was done. Wait `retryAfterSeconds` (`extensions.retryAfterSeconds`; the `Retry-After` header too where the whole request was refused) before trying again.',
  UNKNOWN: 'A failure the client could not classify (said by clients, never by the server).',
  PERSISTED_QUERY_NOT_FOUND: 'The persisted or automatic persisted query id is unknown: send the document with its hash to register it.',
  PERSISTED_QUERY_MISMATCH: 'The automatic persisted query hash is not the SHA-256 of the document sent with it.',
  PERSISTED_QUERY_ONLY: "This server runs only the web client's persisted operations; a document cannot be sent.",
  PERSISTED_QUERY_ID_REQUIRED: 'This server runs only persisted operations: send a persisted operation id.',
  NOT_ACCEPTABLE: 'None of the media types in the Accept header can be served.',
  GRAPHQL_PARSE_FAILED: 'The GraphQL document could not be read (a syntax error, or too many tokens); `extensions.reason` quotes the parser.',
  GRAPHQL_VALIDATION_FAILED:
    'The GraphQL document does not fit the schema (an unknown field, a missing argument) or a document limit (depth, aliases, directives); `extensions.reason` quotes the validator where it speaks.',
};

/**
 * Codes the schema's enum keeps only so clients that already name them go on validating, deprecated with the reason
 * (and removal date, docs/schema-changes.md) GraphQL tools show: the server never sends them.
 */
export const DEPRECATED_ERROR_CODES: { readonly [Code in ErrorCode]?: string } = {
  NETWORK_ERROR:
    "Never sent by the server: a client's own code for a server it cannot reach (a service the server cannot reach is SERVICE_UNAVAILABLE or TIMEOUT). Removal after 2027-03-01.",
};
