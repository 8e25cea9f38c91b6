import { createHash } from 'node:crypto';
import { ApolloClient, InMemoryCache, gql } from '@apollo/client/core';
import createUploadLink from 'apollo-upload-client/createUploadLink.mjs';
import { count, eq } from 'drizzle-orm';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from 'image-size';
import {
  GRAPHQL_UPLOAD_LIMITS,
  IMAGE_MAX_BYTES,
  INQUIRY_ATTACHMENTS_MAX,
  NOTICE_ATTACHMENT_MAX_BYTES,
  PROFILE_IMAGE_MAX_PX,
  STORY_VIDEO_MAX_BYTES,
} from '../../domain/limits.js';
import { communityTexts, hardeningTexts, messagingTexts, storyTexts } from '../../domain/messages.js';
import { startGateway, type RunningGateway } from '../../gateway/src/server/server.js';
import { images, users } from '../../upstream/src/db/schema.js';
import { jpegPhoto, MEGABYTE, mp4OfSize, pngOfSize } from '../helpers/media-files.js';
import { multipartBody, useStack } from '../helpers/stack.js';

/** The demo staff member is id 1; id 2 a regular member. */
const STAFF = 1;
const MEMBER = 2;

const UPLOAD_IMAGE = `mutation Upload($file: File!) { uploadImage(input: { file: $file }) { __typename ... on UploadImagePayload { image { url width height mimeType size } } ... on ValidationError { issues { path message } } } }`;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('uploads of real files and media on the gateway origin', () => {
  const stack = useStack();
  let token: string;
  let staffToken: string;
  let apollo: ApolloClient<unknown>;

  beforeAll(async () => {
    [token, staffToken] = await Promise.all([stack.upstream.issueToken(MEMBER), stack.upstream.issueToken(STAFF)]);
    // A stock Apollo Client with the common upload link; nothing but the token and the preflight header Apollo documents.
    apollo = new ApolloClient({
      link: createUploadLink({ uri: `${stack.gateway.url}/graphql`, headers: { authorization: `token ${token}`, 'Apollo-Require-Preflight': 'true' } }),
      cache: new InMemoryCache(),
    });
  }, 60_000);

  async function download(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(new URL(url, stack.gateway.url), { headers });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async function storedImages() {
    const [{ stored }] = await stack.upstream.db.select({ stored: count() }).from(images);
    return stored;
  }

  it('a stock Apollo upload client sends a 180 KB photo; the gateway serves the same bytes at a relative /media URL', async () => {
    const photo = jpegPhoto();
    expect(photo.length).toBeGreaterThan(150_000);
    const { data } = await apollo.mutate({
      mutation: gql(UPLOAD_IMAGE),
      variables: { file: new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }) },
    });
    expect(data.uploadImage).toMatchObject({
      __typename: 'UploadImagePayload',
      image: { width: 800, height: 600, mimeType: 'image/jpeg', size: photo.length },
    });
    const url: string = data.uploadImage.image.url;
    expect(url).toMatch(/^\/media\/uploads\/[\w-]+\.jpeg$/);

    const { response, bytes } = await download(url);
    expect(response.status).toBe(200);
    expect(sha(bytes)).toBe(sha(photo));
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const revalidated = await download(url, { 'if-none-match': etag! });
    expect(revalidated.response.status).toBe(304);
  });

  it('stores pictures just under and exactly at 10 MB, and refuses one byte more while it streams: the size message, no upstream call, nothing stored', async () => {
    for (const size of [IMAGE_MAX_BYTES - 1, IMAGE_MAX_BYTES]) {
      const picture = pngOfSize(size);
      const response = await fetch(`${stack.gateway.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'graphql-preflight': '1' },
        body: multipartBody(UPLOAD_IMAGE, { file: null }, { file: { bytes: picture, type: 'image/png', name: 'big.png' } }),
      });
      const answer = await response.json();
      expect(answer.data.uploadImage.__typename).toBe('UploadImagePayload');
      expect(answer.data.uploadImage.image.size).toBe(size);
      expect(sha((await download(answer.data.uploadImage.image.url)).bytes)).toBe(sha(picture));
    }

    const before = await storedImages();
    stack.proxy.reset();
    const response = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'graphql-preflight': '1' },
      body: multipartBody(UPLOAD_IMAGE, { file: null }, { file: { bytes: pngOfSize(IMAGE_MAX_BYTES + 1), type: 'image/png', name: 'too-big.png' } }),
    });
    expect(response.status).toBe(413);
    const answer = await response.json();
    expect(answer.errors).toEqual([{ message: communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / MEGABYTE), extensions: { code: 'VALIDATION_ERROR' } }]);
    expect(stack.upstreamRequests()).toEqual([]);
    expect(await storedImages()).toBe(before);
  });

  it('a picture declared as a video still meets the picture limit before any upstream call', async () => {
    stack.proxy.reset();
    const { data } = await apollo.mutate({
      mutation: gql(UPLOAD_IMAGE),
      variables: { file: new File([new Uint8Array(pngOfSize(IMAGE_MAX_BYTES + 1))], 'x.mp4', { type: 'video/mp4' }) },
    });
    expect(data.uploadImage).toMatchObject({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'file'], message: communityTexts.upload.tooLarge(IMAGE_MAX_BYTES / MEGABYTE) }],
    });
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('an 8 MB story video uploads with the stock client and plays back by byte ranges', async () => {
    const video = mp4OfSize(8 * MEGABYTE);
    const { data } = await apollo.mutate({
      mutation: gql`mutation Story($media: File!) { createStory(input: { media: $media, type: VIDEO }) { __typename ... on CreateStoryPayload { story { mediaUrl type } } ... on ValidationError { issues { message } } } }`,
      variables: { media: new File([new Uint8Array(video)], 'clip.mp4', { type: 'video/mp4' }) },
    });
    expect(data.createStory.__typename).toBe('CreateStoryPayload');
    const url: string = data.createStory.story.mediaUrl;
    expect(url.startsWith('/media/')).toBe(true);

    const whole = await download(url);
    expect(whole.response.headers.get('accept-ranges')).toBe('bytes');
    expect(sha(whole.bytes)).toBe(sha(video));
    const part = await download(url, { range: 'bytes=4194304-4198399' });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 4194304-4198399/${video.length}`);
    expect(sha(part.bytes)).toBe(sha(video.subarray(4194304, 4198400)));
  });

  it('refuses a video one byte over 50 MB with the video limit, in Korean', async () => {
    stack.proxy.reset();
    const response = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'x-apollo-operation-name': 'Story' },
      body: multipartBody(
        `mutation Story($media: File!) { createStory(input: { media: $media, type: VIDEO }) { __typename } }`,
        { media: null },
        { media: { bytes: mp4OfSize(STORY_VIDEO_MAX_BYTES + 1), type: 'video/mp4', name: 'long.mp4' } },
      ),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).errors[0].message).toBe(storyTexts.media.videoTooLarge(STORY_VIDEO_MAX_BYTES / MEGABYTE));
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it("a profile picture of 180 KB becomes the member's picture, served from the gateway at PROFILE_IMAGE_MAX_PX", async () => {
    const photo = jpegPhoto(640, 640);
    const { data } = await apollo.mutate({
      mutation: gql`mutation Avatar($file: File!) { uploadProfileImage(input: { file: $file }) { __typename ... on UploadProfileImagePayload { viewer { profileImage } } } }`,
      variables: { file: new File([new Uint8Array(photo)], 'me.jpg', { type: 'image/jpeg' }) },
    });
    const url: string = data.uploadProfileImage.viewer.profileImage;
    expect(url.startsWith('/media/')).toBe(true);
    const served = (await download(url)).bytes;
    expect(served.length).toBeLessThan(photo.length);
    expect(imageSize(served)).toMatchObject({ type: 'webp', width: PROFILE_IMAGE_MAX_PX, height: PROFILE_IMAGE_MAX_PX });
  });

  it('a notice attachment that is not a picture or video is served as a download, never as a page', async () => {
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const response = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `token ${staffToken}`, 'apollo-require-preflight': 'true' },
      body: multipartBody(
        `mutation Notice($files: [File!]) { createNotice(input: { title: "첨부 공지", content: "첨부 파일을 확인해주세요.", attachments: $files }) { __typename ... on CreateNoticePayload { notice { attachments { fileName fileUrl } } } } }`,
        { files: [null] },
        { 'files.0': { bytes: page, type: 'text/html', name: 'page.html' } },
      ),
    });
    const answer = await response.json();
    const [attachment] = answer.data.createNotice.notice.attachments;
    expect(attachment.fileName).toBe('page.html');
    const served = await download(attachment.fileUrl);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it("updateNotice takes off the attachments named by their ids (files deleted) and refuses another notice's", async () => {
    const createNotice = (title: string) =>
      fetch(`${stack.gateway.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `token ${staffToken}`, 'apollo-require-preflight': 'true' },
        body: multipartBody(
          `mutation Notice($files: [File!]) { createNotice(input: { title: "${title}", content: "첨부 파일을 확인해주세요.", attachments: $files }) { ... on CreateNoticePayload { notice { id attachments { id fileName fileUrl } } } } }`,
          { files: [null, null] },
          {
            'files.0': { bytes: Buffer.from('첫째'), type: 'text/plain', name: 'one.txt' },
            'files.1': { bytes: Buffer.from('둘째'), type: 'text/plain', name: 'two.txt' },
          },
        ),
      }).then(async (response) => (await response.json()).data.createNotice.notice);
    const notice = await createNotice('정리할 공지');
    const other = await createNotice('다른 공지');
    const update = (removeAttachmentIds: string[]) =>
      stack.graphql(
        `mutation ($input: UpdateNoticeInput!) { updateNotice(input: $input) { __typename ... on UpdateNoticePayload { notice { attachments { fileName } } } ... on ValidationError { issues { path message } } } }`,
        { input: { id: notice.id, removeAttachmentIds } },
        { token: staffToken },
      );

    const refused = await update([notice.attachments[0].id, other.attachments[0].id]);
    expect(refused.data.updateNotice).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'removeAttachmentIds', '1'], message: messagingTexts.attachmentNotFound }],
    });
    expect((await download(notice.attachments[0].fileUrl)).response.status).toBe(200);

    const removed = await update([notice.attachments[0].id]);
    expect(removed.data.updateNotice).toEqual({ __typename: 'UpdateNoticePayload', notice: { attachments: [{ fileName: 'two.txt' }] } });
    expect((await download(notice.attachments[0].fileUrl)).response.status).toBe(404);
    expect((await download(other.attachments[0].fileUrl)).response.status).toBe(200);
  });

  it('a stock Apollo upload client files an inquiry with a 300 KB screenshot and a receipt; too many files or one too large are refused, filing nothing', async () => {
    const screenshot = pngOfSize(300 * 1024);
    const CREATE_INQUIRY = gql`
      mutation Inquiry($input: CreateInquiryInput!) {
        createInquiry(input: $input) {
          __typename
          ... on CreateInquiryPayload { inquiry { id attachments { fileName fileUrl thumbnailUrl fileSize mimeType } } }
          ... on ValidationError { issues { path message } }
        }
      }
    `;
    const file = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });
    const fields = { title: '아이템이 사라졌어요', content: '인벤토리에서 아이템이 사라졌습니다. 화면을 첨부합니다.', category: 'TECHNICAL' };
    const { data } = await apollo.mutate({
      mutation: CREATE_INQUIRY,
      variables: {
        input: { ...fields, attachments: [file(screenshot, '화면.png', 'image/png'), file(Buffer.from('%PDF-1.4'), 'receipt.pdf', 'application/pdf')] },
      },
    });
    expect(data.createInquiry.__typename).toBe('CreateInquiryPayload');
    const [picture, receipt] = data.createInquiry.inquiry.attachments;
    expect(picture).toMatchObject({ fileName: '화면.png', fileSize: screenshot.length, mimeType: 'image/png' });
    expect(receipt).toMatchObject({ fileName: 'receipt.pdf', mimeType: 'application/pdf' });
    expect(sha((await download(picture.fileUrl)).bytes)).toBe(sha(screenshot));
    // Its tile's small copy comes signed through the gateway too; the receipt has none.
    expect(receipt.thumbnailUrl).toBeNull();
    const tile = await download(picture.thumbnailUrl);
    expect(tile.response.headers.get('content-type')).toBe('image/webp');
    expect(tile.bytes.byteLength).toBeLessThan(screenshot.length / 10);
    // The address carries its expiring signature through the gateway's /media; the bare path is refused in Korean.
    const bare = await download(picture.fileUrl.split('?')[0]);
    expect(bare.response.status).toBe(403);
    expect(JSON.parse(Buffer.from(bare.bytes).toString()).message).toBe(messagingTexts.inquiryFileLinkExpired);
    // Opened in a browser tab: the sentence, shown rather than downloaded (a download of an error is the browser's own error page).
    const navigated = await download(picture.fileUrl.split('?')[0], { accept: 'text/html,application/xhtml+xml,image/avif,image/webp,*/*;q=0.8' });
    expect(navigated.response.status).toBe(403);
    expect(navigated.response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(navigated.response.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(navigated.bytes).toString()).toBe(messagingTexts.inquiryFileLinkExpired);
    // Read again later, the inquiry has them; nobody else can read it.
    const read = `query ($id: ID!) { inquiry(id: $id) { ... on Inquiry { attachments { fileName } } } }`;
    expect((await stack.graphql(read, { id: data.createInquiry.inquiry.id }, { token })).data.inquiry.attachments).toEqual([
      { fileName: '화면.png' },
      { fileName: 'receipt.pdf' },
    ]);

    const filed = async () => (await stack.graphql(`{ viewer { inquiries(first: 1) { totalCount } } }`, undefined, { token })).data.viewer.inquiries.totalCount;
    const before = await filed();
    const refusal = async (attachments: File[]) =>
      (await apollo.mutate({ mutation: CREATE_INQUIRY, variables: { input: { ...fields, attachments } } })).data.createInquiry;
    const small = file(Buffer.from('x'), 'x.png', 'image/png');
    // (Apollo's cache adds each object's __typename.)
    expect(await refusal(Array(INQUIRY_ATTACHMENTS_MAX + 1).fill(small))).toMatchObject({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'attachments'], message: messagingTexts.tooManyAttachments(INQUIRY_ATTACHMENTS_MAX) }],
    });
    // A file over the limit is refused as it streams in, before the operation runs: the whole request is a 413.
    const tooLarge = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'apollo-require-preflight': 'true' },
      body: multipartBody(
        `mutation ($files: [File!]) { createInquiry(input: { title: "큰 영수증", content: "영수증 파일이 큽니다. 확인 부탁드려요.", category: PAYMENT, attachments: $files }) { __typename } }`,
        { files: [null] },
        { 'files.0': { bytes: Buffer.alloc(NOTICE_ATTACHMENT_MAX_BYTES + 1, 1), type: 'application/pdf', name: 'receipt.pdf' } },
      ),
    });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).errors[0].message).toBe(messagingTexts.attachmentTooLarge(NOTICE_ATTACHMENT_MAX_BYTES / MEGABYTE));
    expect(await filed()).toBe(before);
  });

  it("multipart uploads need a preflight header (CSRF); each common upload client's header is accepted", async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${stack.gateway.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `token ${token}`, ...headers },
        body: multipartBody(UPLOAD_IMAGE, { file: null }, { file: { bytes: jpegPhoto(64, 64), type: 'image/jpeg', name: 'a.jpg' } }),
      });
    expect((await send({})).status).toBe(403);
    for (const header of ['apollo-require-preflight', 'graphql-preflight', 'x-apollo-operation-name', 'x-graphql-yoga-csrf']) {
      const response = await send({ [header]: 'Upload' });
      expect(response.status, header).toBe(200);
      expect((await response.json()).data.uploadImage.__typename).toBe('UploadImagePayload');
    }
  });

  it('a multipart request that does not follow the specification is refused with what is wrong in it, before any upstream call', async () => {
    const texts = hardeningTexts.uploadRequest;
    const operations = JSON.stringify({ query: UPLOAD_IMAGE, variables: { file: null } });
    const photo = () => new Blob([new Uint8Array(jpegPhoto(64, 64))], { type: 'image/jpeg' });
    const form = (parts: [string, string | Blob][]) => {
      const body = new FormData();
      for (const [name, value] of parts) body.append(name, value);
      return body;
    };
    const cases: [string, FormData | string, string][] = [
      [
        'operations not JSON',
        form([
          ['operations', 'nope'],
          ['map', '{}'],
        ]),
        texts.operations,
      ],
      [
        'operations a batch',
        form([
          ['operations', `[${operations}]`],
          ['map', '{}'],
        ]),
        texts.operations,
      ],
      [
        'map not JSON',
        form([
          ['operations', operations],
          ['map', 'nope'],
          ['0', photo()],
        ]),
        texts.map,
      ],
      [
        'a map naming no file',
        form([
          ['operations', operations],
          ['map', '{"0":["variables.file"]}'],
        ]),
        texts.fileMissing('0'),
      ],
      [
        'a map path to no variable',
        form([
          ['operations', operations],
          ['map', '{"0":["variables.nope.file"]}'],
          ['0', photo()],
        ]),
        texts.pathInvalid('variables.nope.file'),
      ],
      [
        'two files for one variable',
        form([
          ['operations', operations],
          ['map', '{"0":["variables.file"],"1":["variables.file"]}'],
          ['0', photo()],
          ['1', photo()],
        ]),
        texts.pathInvalid('variables.file'),
      ],
      [
        'more files than the limit',
        form([
          ['operations', operations],
          ['map', '{}'],
          ...Array.from({ length: GRAPHQL_UPLOAD_LIMITS.files + 1 }, (_, index): [string, Blob] => [String(index), photo()]),
        ]),
        texts.tooManyFiles(GRAPHQL_UPLOAD_LIMITS.files),
      ],
      [
        'a body cut before its last boundary',
        `--cut\r\ncontent-disposition: form-data; name="operations"\r\n\r\n${operations}\r\n--cut\r\ncontent-dis`,
        texts.unreadable,
      ],
    ];
    stack.proxy.reset();
    for (const [name, body, message] of cases) {
      const headers: Record<string, string> = { authorization: `token ${token}`, 'graphql-preflight': '1' };
      if (typeof body === 'string') headers['content-type'] = 'multipart/form-data; boundary=cut';
      const response = await fetch(`${stack.gateway.url}/graphql`, { method: 'POST', headers, body });
      expect({ name, status: response.status }).toEqual({ name, status: 400 });
      expect({ name, errors: (await response.json()).errors }).toEqual({ name, errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
    }
    expect(stack.upstreamRequests()).toEqual([]);
  });

  it('a media fetch carries its request id upstream, and no credentials', async () => {
    stack.proxy.reset();
    const served = await download('/media/slimes/slime-blue.svg', { 'x-request-id': 'media-req-7', authorization: `token ${token}`, cookie: 'a=b' });
    expect(served.response.status).toBe(200);
    const [call] = stack.proxy.calls.filter((candidate) => candidate.url === '/media/slimes/slime-blue.svg');
    expect(call.headers['x-request-id']).toBe('media-req-7');
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers.cookie).toBeUndefined();
  });

  it('only files under /media are reachable: no way back to the upstream API', async () => {
    for (const path of ['/media/..%2fv1%2fcommunity%2f', '/media/%2e%2e/users/me']) {
      const response = await request(`${stack.gateway.url}${path}`);
      expect(response.statusCode, path).toBe(404);
      await response.body.dump();
    }
  });

  describe('with PUBLIC_URL', () => {
    let gateway: RunningGateway;
    beforeAll(async () => {
      gateway = await startGateway({ port: 0, upstreamUrl: stack.proxy.url, settings: { publicUrl: 'https://slime.example' } });
    });
    afterAll(async () => gateway?.close());

    it('builds media URLs on the public address, never on a Host header, and passes absolute URLs through', async () => {
      const query = JSON.stringify({ query: `{ posts(first: 20) { edges { node { author { databaseId profileImage } } } } }` });
      const response = await request(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { host: 'evil.example', 'content-type': 'application/json' },
        body: query,
      });
      const answer = (await response.body.json()) as {
        data: { posts: { edges: { node: { author: { databaseId: number; profileImage: string | null } } }[] } };
      };
      const pictures = answer.data.posts.edges.map((edge) => edge.node.author.profileImage).filter(Boolean) as string[];
      expect(pictures.length).toBeGreaterThan(0);
      for (const picture of pictures) expect(picture).toMatch(/^https:\/\/slime\.example\/media\//);

      const someone = answer.data.posts.edges[0].node.author.databaseId;
      await stack.upstream.db.update(users).set({ profileImage: 'https://cdn.partner.example/a.png' }).where(eq(users.id, someone));
      const again = await (
        await fetch(`${gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ node(id: "${Buffer.from(`User:${someone}`).toString('base64')}") { ... on User { profileImage } } }` }),
        })
      ).json();
      expect(again.data.node.profileImage).toBe('https://cdn.partner.example/a.png');
    });

    it("a post's pictures and its thumbnail are on the public address too", async () => {
      const { data } = await apollo.mutate({
        mutation: gql(UPLOAD_IMAGE.replace('{ url ', '{ id url ')),
        variables: { file: new File([new Uint8Array(jpegPhoto(320, 240))], 'p.jpg', { type: 'image/jpeg' }) },
      });
      const created = await stack.graphql(
        `mutation($input: CreatePostInput!) { createPost(input: $input) { __typename ... on CreatePostPayload { post { id } } ... on ValidationError { issues { path message } } } }`,
        { input: { title: '사진 한 장', content: '공개 주소로 보이나요?', imageIds: [data.uploadImage.image.id] } },
        token,
      );
      expect(created.data.createPost.__typename, JSON.stringify(created)).toBe('CreatePostPayload');
      const id = created.data.createPost.post.id;
      const answer = await (
        await fetch(`${gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ post(id: "${id}") { ... on Post { thumbnail images { url thumbnailUrl displayUrl } } } }` }),
        })
      ).json();
      const { thumbnail, images: pictures } = answer.data.post;
      for (const url of [thumbnail, pictures[0].url, pictures[0].thumbnailUrl, pictures[0].displayUrl]) {
        expect(url).toMatch(/^https:\/\/slime\.example\/media\/uploads\//);
      }
      // A picture no larger than the detail's copy is its own; so is one stored before such copies were made.
      expect(pictures[0].displayUrl).toBe(pictures[0].url);
      const cleared = await stack.upstream.db
        .update(images)
        .set({ displayUrl: null })
        .where(eq(images.url, new URL(pictures[0].url).pathname.replace(/^\/media\//, '')))
        .returning({ id: images.id });
      expect(cleared).toHaveLength(1);
      const older = await (
        await fetch(`${gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ post(id: "${id}") { ... on Post { images { url displayUrl } } } }` }),
        })
      ).json();
      expect(older.data.post.images[0].displayUrl).toBe(pictures[0].url);
    });
  });
});
