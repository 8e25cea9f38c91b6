// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

/** The gateway's protective answers (limits, trusted documents, rate limits, subscriptions). */
export const hardeningTexts = {
  /** The request's token names no live session: public fields were answered as for a guest. */
  tokenRefused: '로그인 정보가 만료되었거나 올바르지 않아 비회원으로 응답했습니다. 다시 로그인해주세요.',
  /** The request's Authorization header is not `token <t>` or `Bearer <t>`: answered as for a guest. */
  authorizationMalformed:
    'Authorization 헤더의 형식이 올바르지 않아 비회원으로 응답했습니다. 로그인 토큰은 "Authorization: token <토큰>" 또는 "Bearer <토큰>"으로 보내주세요.',
  /**
   * CSRF prevention refused a GET (or HEAD) without any of `headers`: a browser sends such a request from any site
   * without asking, so the API needs a header a plain link cannot add, or a JSON POST.
   */
  csrfGetRefused: (headers: readonly string[]) =>
    `GET 요청에는 ${headers.join(', ')} 헤더 중 하나가 필요합니다 (값은 아무것이나 됩니다). 헤더를 붙일 수 없다면 Content-Type: application/json 본문으로 POST 요청을 보내주세요. 다른 사이트가 브라우저를 통해 몰래 보내는 요청(CSRF)을 막기 위한 확인입니다.`,
  /** CSRF prevention refused a POST a plain form can send (form fields, text, multipart) without any of `headers`. */
  csrfPostRefused: (headers: readonly string[]) =>
    `폼·텍스트·파일 업로드(multipart/form-data) 형식의 POST에는 ${headers.join(', ')} 헤더 중 하나가 필요합니다. GraphQL 요청은 Content-Type: application/json으로 보내고, 파일 업로드라면 이 헤더를 붙여주세요. 다른 사이트가 브라우저를 통해 몰래 보내는 요청(CSRF)을 막기 위한 확인입니다.`,
  /** A browser's CORS preflight from an origin not in CORS_ORIGINS (none by default). */
  originNotAllowed: (origin: string) =>
    `이 사이트(${origin})에서는 브라우저로 API를 부를 수 없습니다. 서버 운영자가 허용한 출처(CORS_ORIGINS)만 부를 수 있습니다.`,
  batchingUnsupported: '여러 작업을 한 요청에 묶어 보낼 수 없습니다. 작업마다 요청을 따로 보내주세요.',
  documentUnreadable: 'GraphQL 문서를 읽을 수 없습니다. 문법을 확인해주세요.',
  documentInvalid: 'GraphQL 문서가 스키마와 맞지 않습니다. 필드와 인자를 확인해주세요.',
  /** graphql-js gave up comparing the document's fields with each other (its budget against quadratic work). */
  documentTooComplex: 'GraphQL 문서가 너무 복잡해 확인할 수 없습니다. 같은 필드를 되풀이해 고르지 말고 문서를 줄여주세요.',
  variablesInvalid: '변수 값이 선언된 형식과 맞지 않습니다.',
  /** Yoga's refusals of a request it cannot read: each says what to send instead. */
  bodyNotRequest: '요청 본문이 GraphQL 요청이 아닙니다. {"query": "..."} 형태의 JSON 객체로 보내주세요.',
  queryMissing: '실행할 GraphQL 문서가 없습니다. query에 문서를 담아 보내주세요.',
  parameterInvalid: (parameter: string) =>
    `요청의 ${parameter} 값이 올바르지 않습니다. query와 operationName은 문자열로, variables와 extensions는 JSON 객체로 보내주세요.`,
  parameterUnknown: (parameter: string) => `요청에 알 수 없는 항목(${parameter})이 있습니다. query, variables, operationName, extensions만 보낼 수 있습니다.`,
  operationNotFound: '실행할 작업을 정할 수 없습니다. operationName이 문서에 있는 작업의 이름인지 확인해주세요 (작업이 여럿이면 operationName이 필요합니다).',
  mutationNeedsPost: '변경(mutation)은 POST 요청으로만 실행할 수 있습니다.',
  mediaTypeUnsupported: '요청 본문의 형식(Content-Type)을 읽을 수 없습니다. Content-Type: application/json으로 보내주세요 (파일 업로드는 multipart/form-data).',
  apiPathNotFound: (endpoint: string) => `이 주소에는 API가 없습니다. GraphQL 요청은 ${endpoint}로 보내주세요.`,
  /** Request headers above Node's limit (an oversized Authorization or cookie): answered 431 before any route. */
  headersTooLarge: '요청 주소와 헤더가 너무 큽니다. 긴 GET 요청은 POST 본문으로 보내고, Authorization 등 헤더를 확인해 줄여주세요.',
  methodNotAllowed: (methods: string) => `이 주소는 ${methods} 요청만 받습니다.`,
  tooDeep: (max: number) => `요청이 너무 깊습니다. 필드는 ${max}단계까지 중첩할 수 있습니다.`,
  tooManyAliases: (max: number) => `별칭(alias)은 한 요청에 ${max}개까지 쓸 수 있습니다.`,
  tooManyDirectives: (max: number) => `지시어(directive)는 한 요청에 ${max}개까지 쓸 수 있습니다.`,
  tooManyTokens: (max: number) => `요청 문서가 너무 깁니다. 토큰은 ${max}개까지 허용됩니다.`,
  /** An operation over a rate limit, with the seconds until the next one is let through. */
  rateLimited: (retryAfterSeconds: number) => `요청이 너무 많습니다. ${Math.max(1, Math.ceil(retryAfterSeconds))}초 후 다시 시도해주세요.`,
  /** An operation above the cost limit: pages (`first`/`last`) and by-id batches (`nodes(ids:)`) are what weigh. */
  tooExpensive: (cost: number, max: number) =>
    `요청한 데이터가 너무 많습니다 (비용 ${cost}, 최대 ${max}). first/last 값이나 한 번에 요청하는 id 수를 줄여주세요.`,
  variablesTooLarge: (max: number) => `변수의 목록은 ${max}개 이내여야 합니다.`,
  variablesTooManyValues: (max: number) => `변수에 담긴 값이 너무 많습니다. 모두 합해 ${max}개 이내여야 합니다.`,
  variablesTooDeep: (max: number) => `변수가 너무 깊게 중첩되어 있습니다. 객체와 목록은 ${max}단계까지 중첩할 수 있습니다.`,
  /** A list written in the document (`nodes(ids: [...])`) above the bound variables' lists have. */
  listTooLong: (name: string, count: number, max: number) =>
    `목록${name ? `(${name})` : ''}에는 값을 ${max}개까지 넣을 수 있습니다 (${count}개를 보냈습니다). 나누어 요청해주세요.`,
  /** A JSON body above GRAPHQL_LIMITS.maxBodyBytes, naming it as the REST API's 413 names its own. */
  bodyTooLarge: (maxBytes: number) =>
    `요청 본문이 너무 큽니다. ${maxBytes.toLocaleString('en-US')}바이트 이하로 보내주세요 (파일은 multipart/form-data로 올려주세요).`,
  /** A multipart body above GRAPHQL_UPLOAD_LIMITS.requestBytes (files and fields together). */
  uploadBodyTooLarge: (maxBytes: number) => `요청 본문이 너무 큽니다. 파일을 포함해 ${maxBytes.toLocaleString('en-US')}바이트 이하로 보내주세요.`,
  /** A GraphQL multipart request (file uploads) that does not follow the multipart request specification, by what is wrong. */
  uploadRequest: {
    operations:
      'operations 항목이 올바르지 않습니다. 파일 업로드 요청은 operations에 GraphQL 요청 하나를 JSON 객체로 담아 보내주세요 (여러 작업은 묶어 보낼 수 없습니다).',
    map: 'map 항목이 올바르지 않습니다. {"0": ["variables.input.file"]}처럼 파일 이름마다 파일을 둘 자리의 목록을 JSON 객체로 보내주세요.',
    fileMissing: (name: string) => `map이 가리키는 파일(${name})이 요청에 없습니다. 파일을 같은 이름으로 operations와 map 뒤에 보내주세요.`,
    pathInvalid: (path: string) => `map의 자리(${path})에 파일을 둘 수 없습니다. operations의 그 변수를 null로 보내고, 한 자리에는 파일 하나만 두세요.`,
    tooManyFiles: (max: number) => `파일은 한 요청에 ${max}개까지 보낼 수 있습니다.`,
    tooManyFields: (max: number) => `파일 업로드 요청의 항목은 ${max}개까지 보낼 수 있습니다.`,
    fieldTooLarge: (name: string, maxBytes: number) => `${name} 항목이 너무 큽니다. ${maxBytes.toLocaleString('en-US')}바이트 이하로 보내주세요.`,
    unreadable: '파일 업로드 요청(multipart/form-data)을 끝까지 읽을 수 없습니다. 본문과 boundary를 확인해주세요.',
  },
  persistedOperationNotFound: '등록되지 않은 작업입니다.',
  persistedOperationsOnly: '등록된 작업만 실행할 수 있습니다.',
  persistedQueryMismatch: '문서의 SHA-256 해시가 persistedQuery.sha256Hash와 다릅니다.',
  notAcceptable: (mediaTypes: readonly string[]) => `요청한 응답 형식(Accept)을 보낼 수 없습니다. 다음 형식 중 하나를 요청해주세요: ${mediaTypes.join(', ')}`,
  tooManySubscriptions: (max: number) => `한 연결에서 구독은 ${max}개까지 가능합니다.`,
} as const;
