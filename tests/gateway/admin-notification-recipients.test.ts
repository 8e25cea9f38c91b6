import { encodeGlobalID } from '@pothos/plugin-relay';
import { beforeAll, expect, it } from 'vitest';
import { validationTexts } from '../../domain/index.js';
import { useStack } from '../helpers/stack.js';
import { ask, stockClient } from '../helpers/stock-client.js';

/** `sendAdminNotification` names its recipients by User global id (`users`); the former `userIds` (databaseIds) still works. */
const stack = useStack();
const ALICE = 2;
let staff: ReturnType<typeof stockClient>;

beforeAll(async () => {
  staff = stockClient(stack.gateway.url, await stack.upstream.issueToken(1));
});

const SEND = /* GraphQL */ `
  mutation ($input: SendAdminNotificationInput!) {
    sendAdminNotification(input: $input) {
      __typename
      ... on SendAdminNotificationPayload { sentCount failedCount }
      ... on ValidationError { code issues { path message } }
    }
  }
`;
const send = (recipients: Record<string, unknown>) => ask(staff, SEND, { input: { ...recipients, title: '점검 안내', content: '오늘 밤 점검합니다.' } });

it('sends to the members named by their global ids', async () => {
  const answer = await send({ users: [encodeGlobalID('User', ALICE)] });
  expect(answer.errors).toBeUndefined();
  expect(answer.data.sendAdminNotification).toEqual({ __typename: 'SendAdminNotificationPayload', sentCount: 1, failedCount: 0 });
});

it('still sends to the members named by their databaseIds in the deprecated userIds', async () => {
  const answer = await send({ userIds: [ALICE] });
  expect(answer.data.sendAdminNotification).toEqual({ __typename: 'SendAdminNotificationPayload', sentCount: 1, failedCount: 0 });
});

it('refuses a global id of another type at its position in users, before sending anything', async () => {
  const answer = await send({ users: [encodeGlobalID('User', ALICE), encodeGlobalID('Post', ALICE)] });
  expect(answer.data.sendAdminNotification).toEqual({
    __typename: 'ValidationError',
    code: 'VALIDATION_ERROR',
    issues: [{ path: ['input', 'users', '1'], message: validationTexts.id }],
  });
});

it('refuses users and the deprecated userIds naming different members, with an issue on each, and takes the same members given both ways', async () => {
  stack.proxy.reset();
  const both = await send({ users: [encodeGlobalID('User', ALICE)], userIds: [ALICE + 1] });
  const message = validationTexts.renamedFieldConflict('users', 'userIds');
  expect(both.data.sendAdminNotification).toEqual({
    __typename: 'ValidationError',
    code: 'VALIDATION_ERROR',
    issues: [
      { path: ['input', 'users'], message },
      { path: ['input', 'userIds'], message },
    ],
  });
  expect(stack.upstreamRequests().filter((request) => request.startsWith('POST'))).toEqual([]);
  const same = await send({ users: [encodeGlobalID('User', ALICE)], userIds: [ALICE] });
  expect(same.data.sendAdminNotification).toEqual({ __typename: 'SendAdminNotificationPayload', sentCount: 1, failedCount: 0 });
});
