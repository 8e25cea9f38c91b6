import { beforeAll, describe, expect, it } from 'vitest';
import { communityTexts, errorMessages } from '../../domain/index.js';
import { useStack } from '../helpers/stack.js';

/** A 2×3 PNG, byte for byte. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEklEQVR4nGP4z8DAwMDAwMAAAA4AAf8Gq8pGAAAAAElFTkSuQmCC', 'base64');
/** 말랑콩떡, demo member 2, who has posts in the demo feed. */
const MEMBER = 2;

const UPLOAD = `mutation($file: File!) {
  uploadProfileImage(input: { file: $file }) {
    __typename
    ... on UploadProfileImagePayload { viewer { id databaseId profileImage } }
    ... on ValidationError { issues { path message } }
    ... on NotAuthenticatedError { message }
  }
}`;

const DELETE = `mutation {
  deleteProfileImage {
    __typename
    ... on DeleteProfileImagePayload { viewer { id profileImage } }
    ... on NotAuthenticatedError { message }
  }
}`;

describe('profile image through the gateway', () => {
  const stack = useStack();
  let token: string;
  beforeAll(async () => {
    token = await stack.upstream.issueToken(MEMBER);
  });

  /** The GraphQL multipart request: operations, map, then the file part. */
  async function upload(bytes: Buffer, type: string, as?: string) {
    return stack.upload(UPLOAD, { file: null }, { file: { bytes, type, name: 'me.png' } }, as);
  }

  const myPostAuthors = async () => {
    const feed = await stack.graphql('{ posts(first: 50) { edges { node { author { databaseId profileImage } } } } }');
    expect(feed.errors).toBeUndefined();
    return feed.data.posts.edges.map((edge: any) => edge.node.author).filter((author: any) => author?.databaseId === MEMBER);
  };

  it('changes the picture; the payload and the member’s posts show it', async () => {
    const answer = await upload(PNG, 'image/png', token);
    expect(answer.errors).toBeUndefined();
    const payload = answer.data.uploadProfileImage;
    expect(payload.__typename).toBe('UploadProfileImagePayload');
    expect(payload.viewer.databaseId).toBe(MEMBER);
    const picture: string = payload.viewer.profileImage;
    expect(picture).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(new URL(picture, stack.gateway.url));
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const authors = await myPostAuthors();
    expect(authors.length).toBeGreaterThan(0);
    for (const author of authors) expect(author.profileImage).toBe(picture);
  });

  it('removes the picture', async () => {
    const answer = await stack.graphql(DELETE, {}, token);
    expect(answer.data.deleteProfileImage).toMatchObject({ __typename: 'DeleteProfileImagePayload', viewer: { profileImage: null } });
    for (const author of await myPostAuthors()) expect(author.profileImage).toBeNull();
  });

  it('answers what is not a picture with the domain message, whatever its declared type', async () => {
    const answer = await upload(Buffer.from('plain text, not a picture'), 'image/png', token);
    expect(answer.data.uploadProfileImage).toEqual({
      __typename: 'ValidationError',
      issues: [{ path: ['input', 'file'], message: communityTexts.upload.notImage }],
    });
  });

  it('gives guests NotAuthenticatedError before any upstream call', async () => {
    stack.proxy.reset();
    const guestUpload = await upload(PNG, 'image/png');
    expect(guestUpload.data.uploadProfileImage).toEqual({ __typename: 'NotAuthenticatedError', message: errorMessages.UNAUTHORIZED });
    const guestDelete = await stack.graphql(DELETE);
    expect(guestDelete.data.deleteProfileImage).toEqual({ __typename: 'NotAuthenticatedError', message: errorMessages.UNAUTHORIZED });
    expect(stack.upstreamRequests()).toEqual([]);
  });
});
