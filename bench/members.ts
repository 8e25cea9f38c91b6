/**
 * Members for the benchmarks: registered on the reference upstream as sign-up does (`POST /auth/register`), each
 * with their own token and address. Phases that need distinct callers share one pool per upstream, so a run registers
 * each member once (P5, P6 and P8 ask for them in turn).
 */
import type { Service } from '../tests/helpers/processes.js';

export interface Member {
  token: string;
  userId: number;
  /** The address the member's requests come from (X-Forwarded-For through a trusted proxy), as each member has their own. */
  address: string;
}

/** How many members a run registers (`BENCH_MEMBERS`): P8's mix and the distinct callers of P5 and P6. */
export const MEMBER_COUNT = Number(process.env.BENCH_MEMBERS ?? 200);

const PASSWORD = 'Bench-member-2026!';
/** Registrations at once: each hashes a password (scrypt), which is meant to be slow. */
const REGISTRATIONS_AT_ONCE = 8;

const pools = new Map<string, Member[]>();

async function register(upstream: Service, index: number): Promise<Member> {
  const response = await fetch(`${upstream.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-member-${index}@example.com`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      nickname: `벤치회원${index}`,
      agreeTerms: true,
      agreePrivacy: true,
    }),
  });
  const answer = await response.json();
  if (response.status !== 201) throw new Error(`registering member ${index}: ${response.status} ${JSON.stringify(answer)}`);
  return { token: answer.token, userId: answer.user.id, address: `10.8.${Math.floor(index / 250)}.${(index % 250) + 1}` };
}

/** The first `count` members of the upstream's pool, registering those not registered yet. */
export async function benchMembers(upstream: Service, count: number): Promise<Member[]> {
  const pool = pools.get(upstream.url) ?? [];
  pools.set(upstream.url, pool);
  while (pool.length < count) {
    const batch = Math.min(REGISTRATIONS_AT_ONCE, count - pool.length);
    pool.push(...(await Promise.all(Array.from({ length: batch }, (_, offset) => register(upstream, pool.length + offset)))));
  }
  return pool.slice(0, count);
}

/** The headers each member's requests carry, for a load that rotates through them (`Load.callers`). */
export const memberHeaders = (members: Member[]): Record<string, string>[] => members.map((member) => ({ authorization: `token ${member.token}` }));
