import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { users } from '../../upstream/src/db/schema.js';
import { useProviderStandIns } from '../helpers/social-providers.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { send } from './account-support.js';

const v = accountTexts.validation;
const PASSWORD = 'slime1234';
/** The seeded staff member's nickname, and a demo member's. */
const STAFF_NICKNAME = '운영자슬라임';
const MEMBER_NICKNAME = '말랑콩떡';

/**
 * Nicknames are NFKC-normalised, refuse invisible characters and edge spaces, are unique without case or
 * width, and staff words are kept for staff: on register, profile update and social sign-up.
 */
describe.each(backends())('nicknames on %s', (backend) => {
  const standIns = useProviderStandIns();
  let upstream: RunningUpstream;
  let registered = 0;
  const url = (path: string) => upstream.url + path;
  const register = (nickname: unknown) =>
    send('POST', url('/auth/register'), {
      email: `nick${++registered}-${Date.now()}@example.com`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      nickname,
      agreeTerms: true,
      agreePrivacy: true,
    });
  const messages = (body: any): string[] => (body?.details ?? []).map((detail: { message: string }) => detail.message);

  beforeAll(async () => {
    upstream = await startUpstream({ backend });
  }, 60_000);
  afterAll(async () => upstream?.stop());

  it('the seeded members satisfy the unique key', async () => {
    const rows = await upstream.db.select({ key: users.nicknameKey }).from(users);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it.each([
    ['only zero-width spaces', '\u200b\u200b\u200b', v.nicknameInvisible],
    ['a nickname plus U+200B', `${MEMBER_NICKNAME}\u200b`, v.nicknameInvisible],
    ['a word joiner', '말랑\u2060콩떡', v.nicknameInvisible],
    ['a byte-order mark', '\ufeff슬라임팬', v.nicknameInvisible],
    ['a control character', '슬라임\u0007팬', v.nicknameInvisible],
    ['Hangul fillers', '\u3164\u3164', v.nicknameInvisible],
    ['a leading space', ' 슬라임팬', v.nicknameSpaces],
    ['a trailing space', '슬라임팬 ', v.nicknameSpaces],
  ])('register refuses %s (422, Korean)', async (_name, nickname, message) => {
    const answer = await register(nickname);
    expect(answer.status).toBe(422);
    expect(messages(answer.body)).toContain(message);
  });

  it('register refuses a copy of a nickname in another case or width (409), and a staff word (422)', async () => {
    expect((await register('SlimeFan')).status).toBe(201);
    for (const copy of ['slimefan', 'ＳＬＩＭＥＦＡＮ', 'SLIMEFAN']) {
      const answer = await register(copy);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(accountTexts.errors.nicknameTaken);
    }
    const staffCopy = await register(STAFF_NICKNAME);
    expect(staffCopy.status).toBe(422);
    expect(messages(staffCopy.body)).toContain(v.nicknameReserved);
    for (const word of ['운영자', '관리 자', 'ADMIN', 'Ａｄｍｉｎ_01', '공식운영팀'])
      expect(messages((await register(word)).body)).toContain(v.nicknameReserved);
  });

  it('register stores the NFKC form', async () => {
    const answer = await register('ｓｌｉｍｅ２０２６');
    expect(answer.status).toBe(201);
    expect(answer.body.user.nickname).toBe('slime2026');
  });

  it('profile update: same rules; a member keeps their own nickname in another case; staff may use staff words', async () => {
    const created = await register('ProfileFan');
    const token = created.body.token;
    const update = (nickname: string, as = token) => send('PUT', url('/users/me'), { nickname }, as);
    expect((await update(`${MEMBER_NICKNAME}\u200b`)).status).toBe(422);
    const taken = await update(MEMBER_NICKNAME);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(accountTexts.errors.nicknameTaken);
    expect(messages((await update('관리자님')).body)).toContain(v.nicknameReserved);
    const recased = await update('PROFILEFAN');
    expect(recased.status).toBe(200);
    expect(recased.body.nickname).toBe('PROFILEFAN');
    const staffToken = await upstream.issueToken(1);
    const staff = await update('슬라임운영자', staffToken);
    expect(staff.status).toBe(200);
    expect(staff.body.nickname).toBe('슬라임운영자');
  });

  it('two concurrent registrations of one nickname: one 201, one 409 (never 500)', async () => {
    const statuses = (await Promise.all([register('동시닉네임'), register('동시닉네임')])).map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409]);
  });

  it('social sign-up: a colliding or unusable provider name gets a usable free nickname, never an error', async () => {
    const login = async (sub: string, name: string) => {
      standIns.providers.googleTokens.set(`google-${sub}`, {
        sub,
        aud: 'slime-google-client',
        azp: 'slime-google-client',
        name,
        exp: String(Math.floor(Date.now() / 1000) + 3600),
      });
      const answer = await send('POST', url('/v1/user/google/login/'), { access_token: `google-${sub}`, device_id: 'web' });
      expect(answer.status).toBe(200);
      return answer.body.user.nickname as string;
    };
    expect(await login('9001', MEMBER_NICKNAME)).toBe(`${MEMBER_NICKNAME}2`);
    expect(await login('9002', MEMBER_NICKNAME)).toBe(`${MEMBER_NICKNAME}3`);
    expect(await login('9003', `\u200b${MEMBER_NICKNAME.toUpperCase()}\u200b`)).toBe(`${MEMBER_NICKNAME}4`);
    expect(await login('9004', STAFF_NICKNAME)).toBe('슬라임9004');
    const [row] = await upstream.db.select().from(users).where(eq(users.nickname, '슬라임9004'));
    expect(row.isStaff).toBe(false);
  });
});
