import { hashPassword } from '../accounts/passwords.js';
import type { Database } from './client.js';
import { follows, userProfiles, users } from './schema.js';
import { DEMO_MEMBERS } from './seed-data.js';

/** Every demo member logs in with their e-mail (`<handle>@slime.community`) and this password (README). */
export const DEMO_PASSWORD = 'slime1234';

/** Phone numbers and bios of a few demo members (phone login: 010-1234-5678 is 말랑콩떡). */
const DEMO_PROFILES: Record<string, { phone?: string; bio: string; location?: string }> = {
  admin: { bio: '슬라임 커뮤니티 운영자입니다. 문의는 공지사항을 확인해주세요.' },
  mallang: { phone: '01012345678', bio: '말랑말랑한 슬라임을 사랑하는 콩떡이에요.', location: '서울' },
  jellybear: { phone: '01098765432', bio: '젤리처럼 쫀득한 슬라임 수집 중!', location: '부산' },
  pudding: { bio: '푸딩 슬라임 전문 육성가' },
};

/** Demo follows, by handle: who follows whom. */
const DEMO_FOLLOWS: [string, string][] = [
  ['mallang', 'jellybear'],
  ['jellybear', 'mallang'],
  ['pudding', 'mallang'],
  ['artisan', 'mallang'],
  ['mallang', 'artisan'],
  ['greenie', 'jellybear'],
];

/** Runs inside the demo seed (empty database only): passwords, profiles and follows of the demo members. */
export async function seedAccounts(db: Database): Promise<void> {
  // One hash for all: scrypt is slow on purpose, and the demo password is public anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.update(users).set({ passwordHash });
  const idOf = (handle: string) => DEMO_MEMBERS.findIndex((member) => member.handle === handle) + 1;
  await db.insert(userProfiles).values(
    Object.entries(DEMO_PROFILES).map(([handle, profile]) => ({
      userId: idOf(handle),
      phone: profile.phone ?? null,
      bio: profile.bio,
      location: profile.location ?? null,
    })),
  );
  await db.insert(follows).values(DEMO_FOLLOWS.map(([follower, following]) => ({ followerId: idOf(follower), followingId: idOf(following) })));
}
