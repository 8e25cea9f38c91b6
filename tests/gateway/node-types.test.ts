import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import type { GraphQLClient } from 'graphql-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationTexts } from '../../domain/index.js';
import { useStack } from '../helpers/stack.js';
import { ask, stockClient } from '../helpers/stock-client.js';
import { addMembers, PNG_BYTES } from '../helpers/stories.js';

// A stock client (graphql-request) against the real gateway and upstream: what any other client sees.
const stack = useStack();
const STAFF = 1;
const MALLANG = 2;

const clientAs = (token?: string) => stockClient(stack.gateway.url, token);

async function must(client: GraphQLClient, query: string, variables: Record<string, unknown> = {}) {
  const answer = await ask(client, query, variables);
  expect(answer.errors).toBeUndefined();
  return answer.data;
}

/** One real id of a node type and who may read it. */
interface Sample {
  id: string;
  token?: string;
}

const samples: Record<string, Sample> = {};
let mallangToken = '';
let readerToken = '';

beforeAll(async () => {
  const [reader] = await addMembers(stack.upstream.db, ['노드읽는이']);
  const [staffToken, mallang, readerOwn] = await Promise.all([STAFF, MALLANG, reader].map((id) => stack.upstream.issueToken(id)));
  [mallangToken, readerToken] = [mallang, readerOwn];
  const asMallang = clientAs(mallangToken);
  const asReader = clientAs(readerToken);
  const asGuest = clientAs();

  const viewer = await must(asMallang, `{ viewer { id badges { id } notifications(first: 1) { edges { node { id } } } } }`);
  samples.User = { id: viewer.viewer.id };
  samples.UserBadge = { id: viewer.viewer.badges[0].id };
  samples.Notification = { id: viewer.viewer.notifications.edges[0].node.id, token: mallangToken };

  const feed = await must(asGuest, `{ posts(first: 30) { edges { node { id images { id } replies(first: 1) { edges { node { id } } } } } } }`);
  const posts = feed.posts.edges.map((edge: any) => edge.node);
  const withImage = posts.find((post: any) => post.images.length > 0);
  const withReply = posts.find((post: any) => post.replies.edges.length > 0);
  samples.Post = { id: withImage.id };
  samples.Image = { id: withImage.images[0].id };
  samples.Reply = { id: withReply.replies.edges[0].node.id };

  const categories = await must(asGuest, `{ categories { id } }`);
  samples.Category = { id: categories.categories[0].id };
  const table = await must(asGuest, `{ probabilityTable(kind: TREASUREBOX, first: 1) { edges { node { id } } } }`);
  samples.ProbabilityItem = { id: table.probabilityTable.edges[0].node.id };

  const items = await must(asGuest, `{ searchItems(name: "모자", first: 1) { edges { node { id } } } }`);
  const itemId = items.searchItems.edges[0].node.id;
  samples.Item = { id: itemId };
  const wished = await must(
    asReader,
    `mutation ($itemId: ID!) { addWish(input: { itemId: $itemId, wishType: BUY }) { __typename ... on AddWishPayload { wish { id } item { buyers(first: 50) { edges { node { id isViewer } } } } } } }`,
    { itemId },
  );
  samples.Wish = { id: wished.addWish.wish.id, token: readerToken };
  samples.ItemWisher = { id: wished.addWish.item.buyers.edges.find((edge: any) => edge.node.isViewer).node.id };

  const notices = await must(asGuest, `{ notices(first: 1) { edges { node { id } } } }`);
  samples.Notice = { id: notices.notices.edges[0].node.id };
  // Fixture only: graphql-request has no file uploads, so the notice with a file goes through the multipart helper.
  const withFile = await stack.upload(
    `mutation ($input: CreateNoticeInput!) { createNotice(input: $input) { __typename ... on CreateNoticePayload { notice { attachments { id } } } } }`,
    { input: { title: '첨부 파일 공지', content: '파일을 확인하세요', attachments: [null] } },
    { 'input.attachments.0': { bytes: PNG_BYTES, type: 'image/png', name: 'guide.png' } },
    staffToken,
  );
  samples.Attachment = { id: withFile.data.createNotice.notice.attachments[0].id };

  const inquiry = await must(
    asMallang,
    `mutation { createInquiry(input: { category: GENERAL, title: "노드 문의", content: "문의 내용을 적습니다. 충분히 길게 적어요." }) { __typename ... on CreateInquiryPayload { inquiry { id } } } }`,
  );
  samples.Inquiry = { id: inquiry.createInquiry.inquiry.id, token: mallangToken };
  const commented = await must(
    asMallang,
    `mutation ($inquiryId: ID!) { addInquiryComment(input: { inquiryId: $inquiryId, comment: "추가로 여쭙니다" }) { __typename ... on AddInquiryCommentPayload { inquiry { comments { id } } } } }`,
    { inquiryId: samples.Inquiry.id },
  );
  samples.InquiryComment = { id: commented.addInquiryComment.inquiry.comments[0].id, token: mallangToken };

  const tray = await must(asReader, `{ storyGroups(first: 20) { edges { node { id user { databaseId } stories { id } } } } }`);
  const mallangGroup = tray.storyGroups.edges.map((edge: any) => edge.node).find((group: any) => group.user.databaseId === MALLANG);
  samples.StoryGroup = { id: mallangGroup.id, token: readerToken };
  samples.Story = { id: mallangGroup.stories[0].id };
  const reacted = await must(
    asReader,
    `mutation ($storyId: ID!) { reactToStory(input: { storyId: $storyId, type: COMMENT, comment: "멋져요" }) { __typename ... on ReactToStoryPayload { reaction { id } } } }`,
    { storyId: samples.Story.id },
  );
  samples.StoryReaction = { id: reacted.reactToStory.reaction.id, token: mallangToken };
  const highlights = await must(asGuest, `query ($id: ID!) { node(id: $id) { ... on User { highlights(first: 1) { edges { node { id } } } } } }`, {
    id: samples.User.id,
  });
  samples.Highlight = { id: highlights.node.highlights.edges[0].node.id };
}, 120_000);

describe('every Node type through node(id), with a stock client', () => {
  it('loads one real id of each type that implements Node', async () => {
    const introspection = await must(clientAs(), `{ __type(name: "Node") { possibleTypes { name } } }`);
    const nodeTypes: string[] = introspection.__type.possibleTypes.map((type: { name: string }) => type.name).sort();
    // A Node type without a sample here fails: each new one needs its case.
    expect(Object.keys(samples).sort()).toEqual(nodeTypes);
    for (const typename of nodeTypes) {
      const { id, token } = samples[typename];
      const answer = await ask(clientAs(token), `query ($id: ID!) { node(id: $id) { __typename id } }`, { id });
      expect({ typename, answer }).toEqual({ typename, answer: { data: { node: { __typename: typename, id } } } });
    }
  });

  it('answers each id of nodes() on its own: a garbage and a missing id beside the ones it found', async () => {
    const missing = encodeGlobalID('Post', 987654);
    const ids = [samples.Post.id, 'garbage!', missing, samples.Item.id, encodeGlobalID('Bogus', 1), encodeGlobalID('Post', 'abc')];
    const answer = await ask(clientAs(), `query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, { ids });
    expect(answer.data?.nodes).toEqual([{ __typename: 'Post', id: samples.Post.id }, null, null, { __typename: 'Item', id: samples.Item.id }, null, null]);
    const byIndex = Object.fromEntries((answer.errors ?? []).map((error) => [error.path?.[1] as number, error]));
    expect(Object.keys(byIndex).map(Number).sort()).toEqual([1, 2, 4, 5]);
    for (const index of [1, 4, 5]) {
      expect(byIndex[index]).toMatchObject({
        path: ['nodes', index],
        extensions: { code: 'VALIDATION_ERROR', issues: [{ path: ['ids', String(index)], message: validationTexts.id }] },
      });
    }
    expect(byIndex[2]).toMatchObject({ path: ['nodes', 2], extensions: { code: 'NOT_FOUND' } });
    for (const error of answer.errors ?? []) {
      expect(error.message).toMatch(/[가-힣]/);
      expect(error.message).not.toMatch(/Invalid global ID|not been implemented|loading by id/);
    }
  });

  it('answers node() with a garbage id as null and a Korean VALIDATION_ERROR, not the English parser message', async () => {
    const answer = await ask(clientAs(), `{ node(id: "garbage!") { id } post: posts(first: 1) { totalCount } }`);
    expect(answer.data?.node).toBeNull();
    expect(answer.data?.post.totalCount).toBeGreaterThan(0);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]).toMatchObject({
      path: ['node'],
      extensions: { code: 'VALIDATION_ERROR', issues: [{ path: ['id'], message: validationTexts.id }] },
    });
    expect(answer.errors![0].message).toMatch(/[가-힣]/);
  });

  it('keeps the private ones private: a wish or a story reaction read by someone else is not found', async () => {
    const wish = await ask(clientAs(mallangToken), `query ($id: ID!) { node(id: $id) { id } }`, { id: samples.Wish.id });
    expect(wish.data?.node).toBeNull();
    expect(wish.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const reaction = await ask(clientAs(readerToken), `query ($id: ID!) { node(id: $id) { id } }`, { id: samples.StoryReaction.id });
    expect(reaction.data?.node).toBeNull();
    // Answered as the author's own read of a reaction that does not exist: nothing tells the reader it is there.
    const [storyKey] = decodeGlobalID(samples.StoryReaction.id).id.split('/');
    const missing = encodeGlobalID('StoryReaction', `${storyKey}/987654`);
    const absent = await ask(clientAs(mallangToken), `query ($id: ID!) { node(id: $id) { id } }`, { id: missing });
    const shape = (error: any) => ({ message: error?.message, code: error?.extensions?.code });
    expect(shape(reaction.errors?.[0])).toEqual({ ...shape(absent.errors?.[0]), code: 'NOT_FOUND' });
    const listed = await ask(clientAs(readerToken), `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [samples.StoryReaction.id] });
    expect(listed.data?.nodes).toEqual([null]);
    expect(shape(listed.errors?.[0])).toEqual(shape(absent.errors?.[0]));
  });
});

describe('references are objects, with a stock client', () => {
  it('a reply names its post and the comment it answers as objects; the deprecated id fields still answer', async () => {
    const asReader = clientAs(readerToken);
    const comment = await must(asReader, `query ($id: ID!) { node(id: $id) { ... on Reply { post { id } } } }`, { id: samples.Reply.id });
    const postId = comment.node.post.id;
    const created = await must(
      asReader,
      `mutation ($input: CreateReplyInput!) { createReply(input: $input) { __typename ... on CreateReplyPayload { replyEdge { node { id } } } } }`,
      { input: { postId, parentId: samples.Reply.id, content: '답글로 이어 답니다' } },
    );
    const answerId = created.createReply.replyEdge.node.id;
    const answer = await must(
      asReader,
      `query ($id: ID!) { node(id: $id) { ... on Reply { post { __typename id } postId parent { __typename id } parentId } } }`,
      { id: answerId },
    );
    expect(answer.node).toEqual({
      post: { __typename: 'Post', id: postId },
      postId,
      parent: { __typename: 'Reply', id: samples.Reply.id },
      parentId: samples.Reply.id,
    });
    const top = await must(asReader, `query ($id: ID!) { node(id: $id) { ... on Reply { parent { id } parentId } } }`, { id: samples.Reply.id });
    expect(top.node).toEqual({ parent: null, parentId: null });
  });

  it("an activity's target is the Post or User it was about, as the same node node(id) loads", async () => {
    const answer = await must(
      clientAs(mallangToken),
      `query ($id: ID!) { node(id: $id) { ... on User { activities(first: 20) { edges { node { targetType targetId target { __typename ... on Post { id databaseId } ... on User { id databaseId } } } } } } } }`,
      { id: samples.User.id },
    );
    const activities = answer.node.activities.edges.map((edge: any) => edge.node);
    expect(new Set(activities.map((activity: any) => activity.targetType))).toEqual(new Set(['post', 'user']));
    for (const activity of activities) {
      const typename = activity.targetType === 'post' ? 'Post' : 'User';
      expect(activity.target).toEqual({ __typename: typename, id: encodeGlobalID(typename, activity.targetId), databaseId: activity.targetId });
    }
  });
});
