import { expect, it } from 'vitest';
import { errorMessages } from '../../domain/index.js';
import { useStack } from '../helpers/stack.js';

const stack = useStack();

it('answers with the spec network message, no stack or address, when the upstream is gone', async () => {
  const before = await stack.graphql(`{ posts(first: 1) { totalCount } }`);
  expect(before.errors).toBeUndefined();

  await stack.proxy.close();
  const response = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ posts(first: 1) { totalCount } }` }),
  });
  const text = await response.text();
  const answer = JSON.parse(text);
  expect(answer.errors[0].message).toBe(errorMessages.NETWORK_ERROR);
  expect(answer.errors[0].extensions.code).toBe('NETWORK_ERROR');
  expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|localhost|\bat .*\.(ts|js):\d+/);
});
