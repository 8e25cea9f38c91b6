import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_ANSWERS_PAGE_SIZE } from '../../domain/limits.js';
import { communityTexts, validationTexts } from '../../domain/messages.js';
import { addMembers } from '../helpers/stories.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

const ANSWERS = 23;

/**
 * One reply by its id (`GET /v1/community/reply/{id}/`) and a reply's answers page by page
 * (`GET /v1/community/{id}/reply/?parent_id=`): visible exactly as the post's reply list shows them.
 */
describe.each(backends())('a reply and its answers on %s', (backend) => {
  let upstream: RunningUpstream;
  let ids: Record<'author' | 'replier' | 'blocked' | 'reader', number>;
  const tokens: Record<string, string> = {};
  const as = (who: keyof typeof ids | null, method: string, path: string, body?: unknown) =>
    send(method, upstream.url + path, body, who ? tokens[who] : undefined);
  let postId = 0;
  let commentId = 0;
  let answerIds: number[] = [];
  let blockedAnswerId = 0;

  const reply = (who: keyof typeof ids, post: number, content: string, parentId?: number) =>
    as(who, 'POST', `/v1/community/${post}/reply/`, { content, ...(parentId ? { parent_id: parentId } : {}) }).then((answer) => {
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    });
  const write = async (who: keyof typeof ids, title: string) =>
    (await as(who, 'POST', '/v1/community/', { title, content: `${title} 내용`, post_type: 'general' })).body.id as number;

  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false });
    const [author, replier, blocked, reader] = await addMembers(upstream.db, ['글쓴이', '답글러', '차단될이', '읽는이']);
    ids = { author, replier, blocked, reader };
    for (const [who, id] of Object.entries(ids)) tokens[who] = await upstream.issueToken(id);
    postId = await write('author', '답글이 많은 글');
    commentId = await reply('author', postId, '첫 댓글');
    answerIds = [];
    for (let n = 1; n <= ANSWERS; n++) answerIds.push(await reply('replier', postId, `답글 ${n}`, commentId));
    blockedAnswerId = await reply('blocked', postId, '차단될 회원의 답글', commentId);
    expect((await as('reader', 'POST', '/v1/user/block/', { block_target_user: ids.blocked })).status).toBe(201);
  }, 120_000);
  afterAll(async () => upstream?.stop());

  it('the post’s list carries the first page of answers and how many there are in all', async () => {
    const list = await as('reader', 'GET', `/v1/community/${postId}/reply/`);
    expect(list.status).toBe(200);
    const [comment] = list.body.results;
    expect(comment.id).toBe(commentId);
    expect(comment.answer_count).toBe(ANSWERS);
    expect(comment.replies.map((answer: any) => answer.id)).toEqual(answerIds.slice(0, REPLY_ANSWERS_PAGE_SIZE));
    expect(comment.replies[0].answer_count).toBe(0);
    // Someone who blocked no one also sees the blocked member's answer, counted.
    expect((await as('author', 'GET', `/v1/community/${postId}/reply/`)).body.results[0].answer_count).toBe(ANSWERS + 1);
  });

  it('pages a reply’s answers with parent_id, oldest first, in pages of ten by default', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await as('reader', 'GET', `/v1/community/${postId}/reply/?parent_id=${commentId}&page=${page}`);
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBe(ANSWERS);
      expect(answer.body.results.length).toBe(page < 3 ? REPLY_ANSWERS_PAGE_SIZE : ANSWERS - 2 * REPLY_ANSWERS_PAGE_SIZE);
      expect(answer.body.results.every((row: any) => row.parent_id === commentId && row.replies.length === 0)).toBe(true);
      seen.push(...answer.body.results.map((row: any) => row.id));
    }
    expect(seen).toEqual(answerIds);
    const whole = await as('reader', 'GET', `/v1/community/${postId}/reply/?parent_id=${commentId}&page_size=100`);
    expect(whole.body.results.map((row: any) => row.id)).toEqual(answerIds);
  });

  it('refuses a malformed parent_id (422) and one of another post (404)', async () => {
    const malformed = await as(null, 'GET', `/v1/community/${postId}/reply/?parent_id=abc`);
    expect(malformed.status).toBe(422);
    expect(JSON.stringify(malformed.body)).toContain(validationTexts.id);
    const otherPost = await write('author', '다른 글');
    expect((await as(null, 'GET', `/v1/community/${otherPost}/reply/?parent_id=${commentId}`)).status).toBe(404);
  });

  it('looks up one reply by its id, with its first page of answers', async () => {
    const comment = await as(null, 'GET', `/v1/community/reply/${commentId}/`);
    expect(comment.status).toBe(200);
    expect(comment.body).toMatchObject({ id: commentId, post_id: postId, parent_id: null, content: '첫 댓글', answer_count: ANSWERS + 1 });
    expect(comment.body.replies.map((answer: any) => answer.id)).toEqual(answerIds.slice(0, REPLY_ANSWERS_PAGE_SIZE));
    const answer = await as(null, 'GET', `/v1/community/reply/${answerIds[12]}/`);
    expect(answer.body).toMatchObject({ id: answerIds[12], parent_id: commentId, content: '답글 13', replies: [], answer_count: 0 });
  });

  it('answers 404 for a missing or malformed id and a deleted answer', async () => {
    expect((await as(null, 'GET', '/v1/community/reply/987654/')).status).toBe(404);
    expect((await as(null, 'GET', '/v1/community/reply/abc/')).status).toBe(404);
    const gone = await reply('replier', postId, '지울 답글', commentId);
    expect((await as('replier', 'DELETE', `/v1/community/${postId}/reply/${gone}/`)).status).toBe(200);
    expect((await as(null, 'GET', `/v1/community/reply/${gone}/`)).status).toBe(404);
  });

  it('keeps a deleted comment while it heads live answers, as the list does', async () => {
    const head = await reply('author', postId, '지워질 머리 댓글');
    const lone = await reply('author', postId, '답글 없는 댓글');
    const answer = await reply('replier', postId, '남는 답글', head);
    for (const id of [head, lone]) expect((await as('author', 'DELETE', `/v1/community/${postId}/reply/${id}/`)).status).toBe(200);
    const kept = await as(null, 'GET', `/v1/community/reply/${head}/`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ is_deleted: true, content: communityTexts.reply.deletedReply, author: null, answer_count: 1 });
    expect(kept.body.replies.map((row: any) => row.id)).toEqual([answer]);
    expect((await as(null, 'GET', `/v1/community/reply/${lone}/`)).status).toBe(404);
  });

  it('hides a blocked pair’s replies and threads from each other, and answers of a blocked post', async () => {
    expect((await as('reader', 'GET', `/v1/community/reply/${blockedAnswerId}/`)).status).toBe(404);
    expect((await as('blocked', 'GET', `/v1/community/reply/${blockedAnswerId}/`)).status).toBe(200);
    const page = await as('reader', 'GET', `/v1/community/${postId}/reply/?parent_id=${commentId}&page_size=100`);
    expect(page.body.results.map((row: any) => row.id)).not.toContain(blockedAnswerId);
    const blockedComment = await reply('blocked', postId, '차단될 회원의 댓글');
    const answerOnIt = await reply('replier', postId, '그 댓글의 답글', blockedComment);
    expect((await as('reader', 'GET', `/v1/community/reply/${answerOnIt}/`)).status).toBe(404);
    expect((await as('reader', 'GET', `/v1/community/${postId}/reply/?parent_id=${blockedComment}`)).status).toBe(404);
    const blockedPost = await write('blocked', '차단될 회원의 글');
    const onBlockedPost = await reply('replier', blockedPost, '차단된 글의 댓글');
    expect((await as('reader', 'GET', `/v1/community/reply/${onBlockedPost}/`)).status).toBe(404);
    expect((await as('replier', 'GET', `/v1/community/reply/${onBlockedPost}/`)).status).toBe(200);
  });

  it('answers 404 for the replies of a deleted post', async () => {
    const doomed = await write('author', '지워질 글');
    const comment = await reply('replier', doomed, '지워질 글의 댓글');
    await reply('replier', doomed, '그 답글', comment);
    expect((await as('author', 'DELETE', `/v1/community/${doomed}/`)).status).toBe(200);
    expect((await as(null, 'GET', `/v1/community/reply/${comment}/`)).status).toBe(404);
    expect((await as(null, 'GET', `/v1/community/${doomed}/reply/?parent_id=${comment}`)).status).toBe(404);
  });
});
