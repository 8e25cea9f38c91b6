import { serverAudits } from 'graphql-http';
import { describe, expect, it } from 'vitest';
import { useStack } from '../helpers/stack.js';

const rig = useStack();

/**
 * The GraphQL-over-HTTP audit suite of the `graphql-http` package. Browsers' simple requests need the CSRF
 * header (Yoga's CSRF prevention); every other client sets it too, as the audit's fetch does here.
 */
const fetchWithCsrfHeader: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('x-graphql-yoga-csrf', '1');
  return fetch(input, { ...init, headers });
};

describe('GraphQL over HTTP', () => {
  const audits = serverAudits({ url: () => `${rig.gateway.url}/graphql`, fetchFn: fetchWithCsrfHeader });

  // Every audit, MUST, SHOULD and MAY alike: the answer is 100%.
  it.each(audits.map((audit) => [audit.name, audit] as const))('%s', async (_name, audit) => {
    const result = await audit.fn();
    expect(result.status, 'reason' in result ? result.reason : '').toBe('ok');
  });

  it('answers a query over GET and refuses a mutation over GET with 405', async () => {
    const get = (query: string) =>
      fetch(`${rig.gateway.url}/graphql?query=${encodeURIComponent(query)}`, {
        headers: { accept: 'application/graphql-response+json', 'x-graphql-yoga-csrf': '1' },
      });
    const query = await get('{ categories { name } }');
    expect(query.status).toBe(200);
    expect(query.headers.get('content-type')).toMatch(/application\/graphql-response\+json/);
    const mutation = await get('mutation { __typename }');
    expect(mutation.status).toBe(405);
  });
});
