import { readdir } from 'node:fs/promises';
import { imageSize } from 'image-size';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingTexts as m, validationTexts } from '../../domain/messages.js';
import {
  ADMIN_NOTIFICATION_CONTENT_MAX,
  ADMIN_NOTIFICATION_TITLE_MAX,
  INQUIRY_COMMENT_MAX,
  INQUIRY_CONTENT_MAX,
  INQUIRY_CONTENT_MIN,
  INQUIRY_INTERNAL_NOTES_MAX,
  INQUIRY_RESOLUTION_MAX,
  INQUIRY_SATISFACTION_MAX,
  INQUIRY_TITLE_MAX,
  INQUIRY_ATTACHMENTS_MAX,
  IMAGE_THUMBNAIL_MAX_PX,
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_ATTACHMENTS_MAX,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  VIEW_REPEAT_HOURS,
} from '../../domain/limits.js';
import { noticeViews, postLikes, posts, users } from '../../upstream/src/db/schema.js';
import { notify } from '../../upstream/src/messaging/notification-repository.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { jpegPhoto, pngOfSize } from '../helpers/media-files.js';
import { send } from './account-support.js';

const STAFF = 1;
const ALICE = 2;
const BOB = 3;

describe.each(backends())('messaging on %s', (backend) => {
  let upstream: RunningUpstream;
  let staffToken: string;
  let aliceToken: string;
  let bobToken: string;
  const url = (path: string) => upstream.url + path;
  const messagesOf = (body: any): string[] => (body?.details ?? []).map((detail: { message: string }) => detail.message);

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
    [staffToken, aliceToken, bobToken] = await Promise.all([STAFF, ALICE, BOB].map((id) => upstream.issueToken(id)));
  });
  afterAll(async () => upstream?.stop());

  const inboxOf = async (token: string) => (await send('GET', url('/v1/user/notification/'), undefined, token)).body;

  describe('notifications', () => {
    it('needs a member', async () => {
      expect((await send('GET', url('/v1/user/notification/'))).status).toBe(401);
    });

    it('the demo announcement opens the notice it announces, not the list', async () => {
      const announcement = (await inboxOf(aliceToken)).results.find((item: { type: string }) => item.type === 'announcement');
      const notices = (await send('GET', url('/v1/board/notice/?pageSize=100'))).body.results as { id: number; title: string }[];
      expect(announcement.url).toBe(`/my/notice/${notices.find((notice) => notice.title === announcement.title)!.id}`);
    });

    it('lists newest first with the unread count, reads, marks read and deletes only the caller’s own', async () => {
      // The demo inbox out of the way: the counts below are this test's own.
      await send('DELETE', url('/v1/user/notification/all/?readOnly=false'), undefined, aliceToken);
      const first = await notify(upstream.db, { userId: ALICE, senderId: BOB, type: 'like', title: '좋아요', content: m.likeOnPost('젤리곰') });
      const second = await notify(upstream.db, {
        userId: ALICE,
        senderId: BOB,
        type: 'comment',
        title: '댓글',
        content: m.replyOnPost('젤리곰', '첫 글'),
        url: '/community/detail/1',
      });
      const before = await inboxOf(aliceToken);
      expect(before.results.slice(0, 2).map((n: any) => n.id)).toEqual([String(second!.id), String(first!.id)]);
      expect(before.noread_count).toBeGreaterThanOrEqual(2);
      expect(before.results[0]).toMatchObject({ type: 'comment', isRead: false, url: '/community/detail/1', sender: { id: BOB, nickname: '젤리곰' } });

      expect((await send('GET', url(`/v1/user/notification/${first!.id}/`), undefined, bobToken)).status).toBe(404);
      expect((await send('DELETE', url(`/v1/user/notification/${first!.id}/`), undefined, bobToken)).status).toBe(404);
      expect((await send('GET', url(`/v1/user/notification/${first!.id}/`), undefined, aliceToken)).body.title).toBe('좋아요');

      const marked = await send('POST', url('/v1/user/notification/mark-read/'), { notificationIds: [first!.id] }, aliceToken);
      expect(marked.body).toEqual({ success: true, updatedCount: 1, message: m.markedRead(1) });
      expect((await inboxOf(aliceToken)).noread_count).toBe(before.noread_count - 1);

      const bobMarks = await send('POST', url('/v1/user/notification/mark-read/'), { notificationIds: [second!.id] }, bobToken);
      expect(bobMarks.body.updatedCount).toBe(0);

      const deletedRead = await send('DELETE', url('/v1/user/notification/all/'), undefined, aliceToken);
      expect(deletedRead.body.deletedCount).toBe(1);
      const all = await send('POST', url('/v1/user/notification/mark-read/'), { markAll: true }, aliceToken);
      expect(all.body.updatedCount).toBeGreaterThanOrEqual(1);
      expect((await inboxOf(aliceToken)).noread_count).toBe(0);
      const everything = await send('DELETE', url('/v1/user/notification/all/?readOnly=false'), undefined, aliceToken);
      expect(everything.body.deletedCount).toBeGreaterThanOrEqual(1);
      expect((await inboxOf(aliceToken)).results).toEqual([]);
    });

    it('refuses a mark-read without ids', async () => {
      const answer = await send('POST', url('/v1/user/notification/mark-read/'), {}, aliceToken);
      expect(answer.status).toBe(422);
      expect(messagesOf(answer.body)).toContain(m.notificationIdsRequired);
    });

    it('answers 304 to If-None-Match until the inbox changes', async () => {
      const first = await fetch(url('/v1/user/notification/'), { headers: { authorization: `token ${aliceToken}` } });
      const tag = first.headers.get('etag')!;
      expect(tag).toBeTruthy();
      const again = await fetch(url('/v1/user/notification/'), { headers: { authorization: `token ${aliceToken}`, 'if-none-match': tag } });
      expect(again.status).toBe(304);
      await notify(upstream.db, { userId: ALICE, senderId: BOB, type: 'follow', title: '팔로우', content: m.followed('젤리곰') });
      const changed = await fetch(url('/v1/user/notification/'), { headers: { authorization: `token ${aliceToken}`, 'if-none-match': tag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(tag);
      // Another member's tag never matches this member's inbox.
      const bobs = await fetch(url('/v1/user/notification/'), {
        headers: { authorization: `token ${bobToken}`, 'if-none-match': changed.headers.get('etag')! },
      });
      expect(bobs.status).toBe(200);
    });

    it('keeps settings (channels, types, quiet hours) and honours the in-app types', async () => {
      const initial = (await send('GET', url('/v1/user/notification/settings/'), undefined, bobToken)).body;
      expect(initial.channels.inApp.enabled).toBe(true);
      const bad = await send('PATCH', url('/v1/user/notification/settings/'), { quietHours: { startTime: '25:00' } }, bobToken);
      expect(bad.status).toBe(422);
      expect(messagesOf(bad.body)).toContain(m.quietHoursTime);
      const saved = await send(
        'PATCH',
        url('/v1/user/notification/settings/'),
        { channels: { inApp: { types: ['comment'] } }, quietHours: { enabled: true, startTime: '23:00', endTime: '07:30' } },
        bobToken,
      );
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        userId: BOB,
        channels: { inApp: { enabled: true, types: ['comment'] } },
        quietHours: { enabled: true, startTime: '23:00', endTime: '07:30' },
      });
      expect(await notify(upstream.db, { userId: BOB, senderId: ALICE, type: 'like', title: 'x', content: 'y' })).toBeNull();
      expect(await notify(upstream.db, { userId: BOB, senderId: ALICE, type: 'comment', title: 'x', content: 'y' })).not.toBeNull();
      expect(await notify(upstream.db, { userId: BOB, senderId: BOB, type: 'comment', title: 'x', content: 'y' })).toBeNull();
    });

    it('counts stats by type and priority', async () => {
      const stats = (await send('GET', url('/v1/user/notification/stats/'), undefined, bobToken)).body;
      expect(stats).toMatchObject({ totalNotifications: 1, unreadCount: 1, readCount: 0, byType: { comment: 1 }, byPriority: { normal: 1 } });
    });
  });

  describe('events reach the inbox', () => {
    it('a reply to a post, a reply to a reply, a mention, a like and a follow; never one’s own act', async () => {
      const PUDDING = 4;
      const puddingToken = await upstream.issueToken(PUDDING);
      const [post] = await upstream.db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.authorId, ALICE), isNull(posts.deletedAt)))
        .limit(1);
      const postId = post.id;
      // A title longer than a notice names: it is cut at 20 characters.
      await upstream.db.update(posts).set({ title: '슬라임 키우기 완전 정복 가이드 제1편: 먹이 주기' }).where(eq(posts.id, postId));
      const named = '슬라임 키우기 완전 정복 가이드 제1편: 먹이 주기';
      const globalId = (type: string, id: number) => encodeURIComponent(Buffer.from(`${type}:${id}`).toString('base64'));
      const postPath = `/community/detail?id=${globalId('Post', postId)}`;
      // An unliked post, so the toggle below is a like.
      await upstream.db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, BOB)));
      await send('DELETE', url('/v1/user/notification/all/?readOnly=false'), undefined, aliceToken);
      await send('DELETE', url('/v1/user/notification/all/?readOnly=false'), undefined, bobToken);
      await send('PATCH', url('/v1/user/notification/settings/'), { channels: { inApp: { types: ['comment', 'mention', 'like', 'follow'] } } }, bobToken);

      const bobReply = await send('POST', url(`/v1/community/${postId}/reply/`), { content: '좋은 글이네요' }, bobToken);
      expect(bobReply.status).toBe(201);
      const aliceInbox = await inboxOf(aliceToken);
      expect(aliceInbox.results[0]).toMatchObject({
        type: 'comment',
        title: "젤리곰님이 회원님의 게시글 '슬라임 키우기 완전 정복 가이드 제1…'에 댓글을 남겼습니다.",
        sender: { id: BOB },
        // The post opened at the reply.
        url: `${postPath}&reply=${globalId('Reply', bobReply.body.id)}`,
      });

      const answer = await send(
        'POST',
        url(`/v1/community/${postId}/reply/`),
        { content: '고마워요 @푸딩왕자 님도 보세요', parent_id: bobReply.body.id },
        aliceToken,
      );
      // An answer names its thread too: the web app opens that thread's answers to show it.
      const answerUrl = `${postPath}&reply=${globalId('Reply', answer.body.id)}&thread=${globalId('Reply', bobReply.body.id)}`;
      expect((await inboxOf(bobToken)).results[0]).toMatchObject({ type: 'comment', title: m.replyOnReply('말랑콩떡', named), url: answerUrl });
      expect((await inboxOf(puddingToken)).results[0]).toMatchObject({ type: 'mention', title: m.mentioned('말랑콩떡', named), url: answerUrl });
      expect((await inboxOf(aliceToken)).results).toHaveLength(1);

      await send('PATCH', url(`/v1/community/${postId}/`), undefined, bobToken);
      expect((await inboxOf(aliceToken)).results[0]).toMatchObject({ type: 'like', title: m.likeOnPost('젤리곰') });
      await send('POST', url('/users/2/follow'), undefined, bobToken);
      await send('POST', url('/users/2/follow'), undefined, bobToken);
      const follows = (await inboxOf(aliceToken)).results.filter((n: any) => n.type === 'follow');
      expect(follows).toHaveLength(1);
      expect(follows[0].title).toBe(m.followed('젤리곰'));
    });
  });

  describe('a reply’s notifications follow the reply', () => {
    it('an edit shows in their preview; a delete withdraws them, and only them', async () => {
      const [post] = await upstream.db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.authorId, ALICE), isNull(posts.deletedAt)))
        .limit(1);
      await send('DELETE', url('/v1/user/notification/all/?readOnly=false'), undefined, aliceToken);
      const replyPath = `/v1/community/${post.id}/reply/`;
      const kept = await send('POST', url(replyPath), { content: '남는 댓글입니다' }, bobToken);
      const taken = await send('POST', url(replyPath), { content: '실수로 쓴 댓글' }, bobToken);
      expect([kept.status, taken.status]).toEqual([201, 201]);
      const contents = async () => (await inboxOf(aliceToken)).results.map((entry: { content: string }) => entry.content);
      expect(await contents()).toEqual(['실수로 쓴 댓글', '남는 댓글입니다']);

      expect((await send('PUT', url(`${replyPath}${taken.body.id}/`), { content: '고쳐 쓴 댓글' }, bobToken)).status).toBe(200);
      expect(await contents()).toEqual(['고쳐 쓴 댓글', '남는 댓글입니다']);

      const unreadBefore = (await inboxOf(aliceToken)).noread_count;
      expect((await send('DELETE', url(`${replyPath}${taken.body.id}/`), undefined, bobToken)).status).toBe(200);
      const inbox = await inboxOf(aliceToken);
      expect(inbox.results.map((entry: { content: string }) => entry.content)).toEqual(['남는 댓글입니다']);
      expect(inbox.noread_count).toBe(unreadBefore - 1);
    });
  });

  describe('admin send', () => {
    it('is refused to members', async () => {
      const answer = await send('POST', url('/v1/admin/notification/send/'), { targetUsers: 'all', title: '공지', content: '내용' }, aliceToken);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(m.staffOnly);
    });

    it('checks title and content lengths', async () => {
      const answer = await send(
        'POST',
        url('/v1/admin/notification/send/'),
        { targetUsers: [ALICE], title: 'x'.repeat(ADMIN_NOTIFICATION_TITLE_MAX + 1), content: '' },
        staffToken,
      );
      expect(answer.status).toBe(422);
      expect(messagesOf(answer.body)).toEqual(
        expect.arrayContaining([m.adminTitle(ADMIN_NOTIFICATION_TITLE_MAX), m.adminContent(ADMIN_NOTIFICATION_CONTENT_MAX)]),
      );
    });

    it('sends to the named members with the default priority, counting unknown ids as failed', async () => {
      const answer = await send(
        'POST',
        url('/v1/admin/notification/send/'),
        { targetUsers: [ALICE, 999_999], title: '점검 안내', content: '오늘 밤 점검이 있습니다.', url: '/my/notice' },
        staffToken,
      );
      expect(answer.body).toEqual({ success: true, sentCount: 1, failedCount: 1, message: m.sent(1) });
      const inbox = await inboxOf(aliceToken);
      expect(inbox.results[0]).toMatchObject({ title: '점검 안내', type: 'announcement', priority: 'normal', sender: { id: STAFF } });
    });
  });

  describe('notices', () => {
    let importantId: string;
    it('refuses writes to members and checks the rules', async () => {
      expect((await send('POST', url('/v1/board/notice/'), { title: '공지', content: '내용' }, aliceToken)).status).toBe(403);
      const bad = await send('POST', url('/v1/board/notice/'), { title: 'x'.repeat(NOTICE_TITLE_MAX + 1), content: '', category: 'nope' }, staffToken);
      expect(bad.status).toBe(422);
      expect(messagesOf(bad.body)).toEqual(expect.arrayContaining([m.noticeTitle(NOTICE_TITLE_MAX), m.noticeContent(NOTICE_CONTENT_MAX), m.noticeCategory]));
      const list = await send('GET', url('/v1/board/notice/?sortBy=author'));
      expect(messagesOf(list.body)).toContain(m.noticeSort);
      const pageSize = await send('GET', url('/v1/board/notice/?pageSize=101'));
      expect(messagesOf(pageSize.body)).toContain(validationTexts.pageSize(1, 100));
    });

    it('puts important and pinned first and hides notices outside their window', async () => {
      const plain = await send('POST', url('/v1/board/notice/'), { title: '일반 공지', content: '내용입니다' }, staffToken);
      const important = await send(
        'POST',
        url('/v1/board/notice/'),
        { title: '중요 공지', content: '중요합니다', isImportant: true, category: 'maintenance' },
        staffToken,
      );
      const future = await send(
        'POST',
        url('/v1/board/notice/'),
        { title: '미래 공지', content: '곧', startDate: new Date(Date.now() + 86_400_000).toISOString() },
        staffToken,
      );
      expect(important.status).toBe(201);
      expect(important.body.uuid).toContain('-');
      importantId = important.body.uuid;
      const list = (await send('GET', url('/v1/board/notice/?pageSize=100'))).body;
      const titles = list.results.map((notice: any) => notice.title);
      expect(titles.indexOf('중요 공지')).toBeLessThan(titles.indexOf('일반 공지'));
      expect(titles).not.toContain('미래 공지');
      expect((await send('GET', url(`/v1/board/notice/${future.body.uuid}/`))).status).toBe(404);
      expect((await send('GET', url(`/v1/board/notice/${future.body.uuid}/`), undefined, staffToken)).status).toBe(200);
      const shown = await send('GET', url(`/v1/board/notice/${plain.body.uuid}/`));
      expect(shown.body.viewCount).toBe(1);
    });

    it('counts a view as a post does: each guest open, a member once per VIEW_REPEAT_HOURS (opens at once count once), never its author', async () => {
      const created = await send('POST', url('/v1/board/notice/'), { title: '조회수 공지', content: '몇 번 읽혔을까요' }, staffToken);
      const path = url(`/v1/board/notice/${created.body.uuid}/`);
      const viewsBy = async (token?: string) => (await send('GET', path, undefined, token)).body.viewCount;
      expect(await viewsBy(staffToken)).toBe(0);
      expect(await viewsBy()).toBe(1);
      expect(await viewsBy()).toBe(2);
      const opens = await Promise.all(Array.from({ length: 4 }, () => send('GET', path, undefined, aliceToken)));
      expect(opens.map((open) => open.status)).toEqual([200, 200, 200, 200]);
      expect(await viewsBy(aliceToken)).toBe(3);
      expect(await viewsBy(bobToken)).toBe(4);
      expect(await viewsBy(staffToken)).toBe(4);
      // Once the window has passed since the counted view, the member's next open counts again.
      await upstream.db
        .update(noticeViews)
        .set({ countedAt: new Date(Date.now() - VIEW_REPEAT_HOURS * 3_600_000 - 1000) })
        .where(and(eq(noticeViews.noticeId, created.body.id), eq(noticeViews.userId, ALICE)));
      expect(await viewsBy(aliceToken)).toBe(5);
      expect(await viewsBy(aliceToken)).toBe(5);
    });

    it('takes multipart with attachments[i]', async () => {
      const form = new FormData();
      form.append('title', '첨부 공지');
      form.append('content', '파일이 있습니다');
      form.append('isPinned', 'true');
      form.append('attachments[0]', new Blob(['안내문'], { type: 'text/plain' }), 'guide.txt');
      const response = await fetch(url('/v1/board/notice/'), { method: 'POST', headers: { authorization: `token ${staffToken}` }, body: form });
      const body = await response.json();
      expect(response.status).toBe(201);
      expect(body).toMatchObject({ isPinned: true, attachments: [{ fileName: 'guide.txt', mimeType: 'text/plain', fileSize: Buffer.byteLength('안내문') }] });
      expect(body.attachments[0].fileUrl).toMatch(/^\/media\/uploads\/notices\//);
      const served = await fetch(url(body.attachments[0].fileUrl));
      expect(await served.text()).toBe('안내문');
      expect(served.headers.get('cache-control')).toMatch(/^public,/);
    });

    it('refuses an attachment over the size limit, even one ending exactly at it, and too many attachments, storing no notice', async () => {
      const noticeWith = (sizes: number[]) => {
        const form = new FormData();
        form.append('title', '큰 첨부 공지');
        form.append('content', '파일이 큽니다');
        sizes.forEach((size, index) =>
          form.append(`attachments[${index}]`, new Blob([Buffer.alloc(size, 1)], { type: 'application/pdf' }), `file-${index}.pdf`),
        );
        return fetch(url('/v1/board/notice/'), { method: 'POST', headers: { authorization: `token ${staffToken}` }, body: form });
      };
      const countBefore = (await send('GET', url('/v1/board/notice/'), undefined, staffToken)).body.total;
      for (const size of [NOTICE_ATTACHMENT_MAX_BYTES + 1, NOTICE_ATTACHMENT_MAX_BYTES + 64 * 1024]) {
        const response = await noticeWith([10, size]);
        expect(response.status).toBe(422);
        expect(messagesOf(await response.json())).toEqual([m.attachmentTooLarge(NOTICE_ATTACHMENT_MAX_BYTES / (1024 * 1024))]);
      }
      const tooMany = await noticeWith(Array(NOTICE_ATTACHMENTS_MAX + 1).fill(10));
      expect(tooMany.status).toBe(422);
      expect(messagesOf(await tooMany.json())).toEqual([m.tooManyAttachments(NOTICE_ATTACHMENTS_MAX)]);
      expect((await send('GET', url('/v1/board/notice/'), undefined, staffToken)).body.total).toBe(countBefore);
    });

    it('updates and deletes for staff only', async () => {
      expect((await send('PATCH', url(`/v1/board/notice/${importantId}/`), { title: '바뀜' }, aliceToken)).status).toBe(403);
      const updated = await send('PATCH', url(`/v1/board/notice/${importantId}/`), { title: '바뀐 중요 공지' }, staffToken);
      expect(updated.body).toMatchObject({ title: '바뀐 중요 공지', isImportant: true });
      expect((await send('DELETE', url(`/v1/board/notice/${importantId}/`), undefined, aliceToken)).status).toBe(403);
      expect((await send('DELETE', url(`/v1/board/notice/${importantId}/`), undefined, staffToken)).body.message).toBe(m.noticeDeleted);
      expect((await send('GET', url(`/v1/board/notice/${importantId}/`))).status).toBe(404);
    });
  });

  describe('inquiries', () => {
    let inquiryId: number;
    it('checks the create rules', async () => {
      const answer = await send('POST', url('/v1/inquiry/'), { title: '', content: '짧음', category: 'x' }, aliceToken);
      expect(answer.status).toBe(422);
      expect(messagesOf(answer.body)).toEqual(
        expect.arrayContaining([m.inquiryTitle(INQUIRY_TITLE_MAX), m.inquiryContent(INQUIRY_CONTENT_MIN, INQUIRY_CONTENT_MAX), m.inquiryCategory]),
      );
      const list = await send('GET', url('/v1/inquiry/?pageSize=101'), undefined, aliceToken);
      expect(messagesOf(list.body)).toContain(validationTexts.pageSize(1, 100));
    });

    it('files one with the default priority, lists only the member’s own and hides it from others', async () => {
      const created = await send(
        'POST',
        url('/v1/inquiry/'),
        { title: '결제 문의', content: '결제가 두 번 되었어요. 확인 부탁드립니다.', category: 'payment' },
        aliceToken,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'pending', priority: 'medium', comments: [], user: { id: ALICE } });
      expect(created.body).not.toHaveProperty('internalNotes');
      inquiryId = created.body.id;
      expect((await send('GET', url('/v1/inquiry/'), undefined, aliceToken)).body.results.map((i: any) => i.id)).toContain(inquiryId);
      expect((await send('GET', url('/v1/inquiry/'), undefined, bobToken)).body.results.map((i: any) => i.id)).not.toContain(inquiryId);
      expect((await send('GET', url(`/v1/inquiry/${inquiryId}/`), undefined, bobToken)).status).toBe(404);
    });

    it('takes screenshots and a receipt as multipart attachments[i], served back only by their signed, expiring addresses', async () => {
      const screenshot = pngOfSize(300 * 1024);
      const form = new FormData();
      form.append('title', '아이템이 사라졌어요');
      form.append('content', '인벤토리에서 아이템이 사라졌습니다. 화면을 첨부합니다.');
      form.append('category', 'technical');
      form.append('attachments[0]', new Blob([new Uint8Array(screenshot)], { type: 'image/png' }), '화면.png');
      form.append('attachments[1]', new Blob(['%PDF-1.4 영수증'], { type: 'application/pdf' }), 'receipt.pdf');
      const response = await fetch(url('/v1/inquiry/'), { method: 'POST', headers: { authorization: `token ${aliceToken}` }, body: form });
      const body = await response.json();
      expect(response.status).toBe(201);
      expect(body).toMatchObject({
        title: '아이템이 사라졌어요',
        category: 'technical',
        attachments: [
          { fileName: '화면.png', mimeType: 'image/png', fileSize: screenshot.length },
          { fileName: 'receipt.pdf', mimeType: 'application/pdf' },
        ],
      });
      const [pictureUrl, receiptUrl] = body.attachments.map((file: { fileUrl: string }) => file.fileUrl);
      expect(pictureUrl).toMatch(/^\/media\/uploads\/inquiries\/[0-9a-f-]{36}\.png\?expires=\d+&signature=[\w-]{43}$/);
      const served = await fetch(url(pictureUrl));
      expect(Buffer.from(await served.arrayBuffer()).equals(screenshot)).toBe(true);
      // The member's own file: no shared cache keeps it (a notice's files are public).
      expect(served.headers.get('cache-control')).toMatch(/^private,/);
      // Only the signed address opens it: not the bare path, not a changed signature, not another file's signature.
      const [picturePath, pictureQuery] = pictureUrl.split('?');
      const receiptPath = receiptUrl.split('?')[0];
      const tampered = pictureQuery.replace(/signature=./, (start: string) => (start.endsWith('A') ? `${start.slice(0, -1)}B` : `${start.slice(0, -1)}A`));
      for (const refused of [picturePath, `${picturePath}?${tampered}`, `${receiptPath}?${pictureQuery}`]) {
        const answer = await fetch(url(refused));
        expect(answer.status, refused).toBe(403);
        expect((await answer.json()).message).toBe(m.inquiryFileLinkExpired);
      }
      expect((await fetch(url(receiptUrl))).status).toBe(200);
      // The 1024 px screenshot has a small WebP copy for its tile, as private as the file; the receipt has none.
      const [pictureThumbnail, receiptThumbnail] = body.attachments.map((file: { thumbnailUrl: string | null }) => file.thumbnailUrl);
      expect(receiptThumbnail).toBeNull();
      expect(pictureThumbnail).toMatch(/^\/media\/uploads\/inquiries\/[0-9a-f-]{36}\.thumb\.webp\?expires=\d+&signature=[\w-]{43}$/);
      const tile = await fetch(url(pictureThumbnail));
      expect(tile.headers.get('content-type')).toBe('image/webp');
      expect(imageSize(Buffer.from(await tile.arrayBuffer())).width).toBe(IMAGE_THUMBNAIL_MAX_PX);
      expect((await fetch(url(pictureThumbnail.split('?')[0]))).status).toBe(403);
      // Read again, the inquiry keeps them.
      const again = await send('GET', url(`/v1/inquiry/${body.id}/`), undefined, aliceToken);
      expect(again.body.attachments.map((file: any) => file.fileName)).toEqual(['화면.png', 'receipt.pdf']);
    });

    it('keeps a file whose name and type claim a picture its content is not (a text file named .jpg) as a plain download', async () => {
      const form = new FormData();
      form.append('title', '로그 파일 첨부');
      form.append('content', '오류 기록을 첨부합니다. 확인 부탁드립니다.');
      form.append('category', 'technical');
      form.append('attachments[0]', new Blob(['error log: 젤리가 안 들어왔어요'], { type: 'image/jpeg' }), 'fake.jpg');
      form.append('attachments[1]', new Blob([new Uint8Array(jpegPhoto(320, 240))], { type: 'application/octet-stream' }), 'photo');
      const response = await fetch(url('/v1/inquiry/'), { method: 'POST', headers: { authorization: `token ${aliceToken}` }, body: form });
      const body = await response.json();
      expect(response.status).toBe(201);
      // Told by its content: the fake is a download under the name the member gave it; the real photo is a picture.
      expect(body.attachments).toMatchObject([
        { fileName: 'fake.jpg', mimeType: 'application/octet-stream' },
        { fileName: 'photo', mimeType: 'image/jpeg' },
      ]);
      const [fakeUrl, photoUrl] = body.attachments.map((file: { fileUrl: string }) => file.fileUrl);
      expect(fakeUrl).toMatch(/^\/media\/uploads\/inquiries\/[0-9a-f-]{36}\.bin\?/);
      const fake = await fetch(url(fakeUrl));
      expect(fake.headers.get('content-type')).toBe('application/octet-stream');
      expect(fake.headers.get('content-disposition')).toBe('attachment');
      expect(photoUrl).toMatch(/\.jpeg\?/);
      expect((await fetch(url(photoUrl))).headers.get('content-type')).toBe('image/jpeg');
    });

    it('refuses an attachment over the size limit and too many attachments, filing nothing', async () => {
      const inquiryWith = (sizes: number[]) => {
        const form = new FormData();
        form.append('title', '첨부가 많은 문의');
        form.append('content', '첨부 파일이 너무 많거나 큽니다.');
        form.append('category', 'general');
        sizes.forEach((size, index) => form.append(`attachments[${index}]`, new Blob([Buffer.alloc(size, 1)], { type: 'image/jpeg' }), `shot-${index}.jpg`));
        return fetch(url('/v1/inquiry/'), { method: 'POST', headers: { authorization: `token ${aliceToken}` }, body: form });
      };
      const countBefore = (await send('GET', url('/v1/inquiry/'), undefined, aliceToken)).body.total;
      const folder = join(upstream.mediaDir, 'uploads', 'inquiries');
      const filesBefore = await readdir(folder).catch(() => []);
      const large = await inquiryWith([10, NOTICE_ATTACHMENT_MAX_BYTES + 1]);
      expect(large.status).toBe(422);
      expect(messagesOf(await large.json())).toEqual([m.attachmentTooLarge(NOTICE_ATTACHMENT_MAX_BYTES / (1024 * 1024))]);
      const tooMany = await inquiryWith(Array(INQUIRY_ATTACHMENTS_MAX + 1).fill(10));
      expect(tooMany.status).toBe(422);
      expect(messagesOf(await tooMany.json())).toEqual([m.tooManyAttachments(INQUIRY_ATTACHMENTS_MAX)]);
      // Bad fields with good files: the fields' messages, and the files are not kept.
      const form = new FormData();
      form.append('title', '');
      form.append('content', '짧음');
      form.append('category', 'general');
      form.append('attachments[0]', new Blob([Buffer.alloc(10, 1)], { type: 'image/png' }), 'shot.png');
      const badFields = await fetch(url('/v1/inquiry/'), { method: 'POST', headers: { authorization: `token ${aliceToken}` }, body: form });
      expect(badFields.status).toBe(422);
      expect(messagesOf(await badFields.json())).toEqual(expect.arrayContaining([m.inquiryTitle(INQUIRY_TITLE_MAX)]));
      expect((await send('GET', url('/v1/inquiry/'), undefined, aliceToken)).body.total).toBe(countBefore);
      expect(await readdir(folder).catch(() => [])).toEqual(filesBefore);
    });

    it("tells staff of a new inquiry and of its author's follow-up; once a staff member has taken it, only them", async () => {
      const OTHER_STAFF = 4;
      await upstream.db.update(users).set({ isStaff: true }).where(eq(users.id, OTHER_STAFF));
      try {
        const otherToken = await upstream.issueToken(OTHER_STAFF);
        const latest = async (token: string) => (await inboxOf(token)).results[0];
        const filed = await send(
          'POST',
          url('/v1/inquiry/'),
          { title: '결제 오류', content: '결제가 두 번 되었습니다. 확인 부탁드려요.', category: 'payment' },
          aliceToken,
        );
        expect(filed.status).toBe(201);
        const heard = { title: '결제 오류', url: `/my/inquiries/${filed.body.id}`, sender: expect.objectContaining({ id: ALICE }) };
        for (const token of [staffToken, otherToken]) expect(await latest(token)).toMatchObject({ ...heard, content: m.inquiryReceived });
        const followUp = await send('POST', url(`/v1/inquiry/${filed.body.id}/comments/`), { comment: '영수증도 있습니다.' }, aliceToken);
        // The member's own follow-up leaves it waiting for staff.
        expect(followUp.body).toMatchObject({ status: 'pending', assignedTo: null });
        for (const token of [staffToken, otherToken]) expect(await latest(token)).toMatchObject({ ...heard, content: m.inquiryFollowedUp });

        await send('PATCH', url(`/v1/inquiry/${filed.body.id}/`), { status: 'in_progress' }, staffToken);
        const otherBefore = (await inboxOf(otherToken)).results.length;
        await send('POST', url(`/v1/inquiry/${filed.body.id}/comments/`), { comment: '언제쯤 될까요?' }, aliceToken);
        expect(await latest(staffToken)).toMatchObject({ ...heard, content: m.inquiryFollowedUp });
        expect((await inboxOf(otherToken)).results.length).toBe(otherBefore);
      } finally {
        await upstream.db.update(users).set({ isStaff: false }).where(eq(users.id, OTHER_STAFF));
      }
    });

    it('takes comments within the limit; staff answering a pending inquiry take it (처리 중, assigned to them)', async () => {
      const long = await send('POST', url(`/v1/inquiry/${inquiryId}/comments/`), { comment: 'x'.repeat(INQUIRY_COMMENT_MAX + 1) }, aliceToken);
      expect(messagesOf(long.body)).toContain(m.inquiryComment(INQUIRY_COMMENT_MAX));
      expect((await send('GET', url(`/v1/inquiry/${inquiryId}/`), undefined, aliceToken)).body.status).toBe('pending');
      const staffReply = await send('POST', url(`/v1/inquiry/${inquiryId}/comments/`), { comment: '확인 중입니다.' }, staffToken);
      expect(staffReply.status).toBe(201);
      expect(staffReply.body.comments).toHaveLength(1);
      expect(staffReply.body).toMatchObject({ status: 'in_progress', assignedTo: { id: STAFF } });
      expect((await inboxOf(aliceToken)).results[0]).toMatchObject({ content: m.inquiryAnswered, url: `/my/inquiries/${inquiryId}` });
    });

    it('lets staff move the status forward step by step with notes members never see', async () => {
      expect((await send('PATCH', url(`/v1/inquiry/${inquiryId}/`), { status: 'in_progress' }, aliceToken)).status).toBe(403);
      const long = await send(
        'PATCH',
        url(`/v1/inquiry/${inquiryId}/`),
        { status: 'in_progress', resolution: 'x'.repeat(INQUIRY_RESOLUTION_MAX + 1), internalNotes: 'x'.repeat(INQUIRY_INTERNAL_NOTES_MAX + 1) },
        staffToken,
      );
      expect(messagesOf(long.body)).toEqual(expect.arrayContaining([m.resolution(INQUIRY_RESOLUTION_MAX), m.internalNotes(INQUIRY_INTERNAL_NOTES_MAX)]));
      const skip = await send('PATCH', url(`/v1/inquiry/${inquiryId}/`), { status: 'closed' }, staffToken);
      expect(skip.status).toBe(409);
      expect(skip.body.message).toBe(m.statusTransition(m.inquiryStatusLabels.in_progress, m.inquiryStatusLabels.closed));
      const early = await send('POST', url(`/v1/inquiry/${inquiryId}/satisfaction/`), { score: 5 }, aliceToken);
      expect(early.body.message).toBe(m.satisfactionTooEarly);
      await send('PATCH', url(`/v1/inquiry/${inquiryId}/`), { status: 'in_progress', internalNotes: '환불 대상' }, staffToken);
      const resolved = await send('PATCH', url(`/v1/inquiry/${inquiryId}/`), { status: 'resolved', resolution: '환불했습니다.' }, staffToken);
      expect(resolved.body).toMatchObject({ status: 'resolved', resolution: '환불했습니다.', internalNotes: '환불 대상', assignedTo: { id: STAFF } });
      expect(resolved.body.resolvedAt).toBeTruthy();
      const seenByMember = (await send('GET', url(`/v1/inquiry/${inquiryId}/`), undefined, aliceToken)).body;
      expect(seenByMember).not.toHaveProperty('internalNotes');
      expect(JSON.stringify(seenByMember)).not.toContain('환불 대상');
    });

    it('takes a satisfaction score of 0-5 after resolution', async () => {
      const bad = await send('POST', url(`/v1/inquiry/${inquiryId}/satisfaction/`), { score: INQUIRY_SATISFACTION_MAX + 1 }, aliceToken);
      expect(messagesOf(bad.body)).toContain(m.satisfaction(INQUIRY_SATISFACTION_MAX));
      const rated = await send('POST', url(`/v1/inquiry/${inquiryId}/satisfaction/`), { score: 4 }, aliceToken);
      expect(rated.body.satisfaction).toBe(4);
    });
  });
});
