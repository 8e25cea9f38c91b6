import { builder } from '../builder.js';
import type { BadgeJson, UserSummaryJson } from '../../../domain/api.js';

export const User = builder.loadableNodeRef('User', {
  id: { resolve: (user: UserSummaryJson) => user.id },
  load: (ids: string[], context) => Promise.all(ids.map((id) => context.community.user(Number(id)).catch((error: Error) => error))),
});

const UserBadge = builder.objectRef<BadgeJson>('UserBadge').implement({
  description: '회원이 대표로 내건 배지',
  fields: (t) => ({
    title: t.exposeString('title'),
    hexCode: t.exposeString('hex_code', { nullable: true }),
    image: t.exposeString('image', { nullable: true }),
  }),
});

User.implement({
  description: '회원 요약 (000 §3)',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    nickname: t.exposeString('nickname'),
    profileImage: t.exposeString('profile_image', { nullable: true }),
    email: t.exposeString('email', { nullable: true, description: '본인에게만 보입니다' }),
    representBadge: t.field({ type: UserBadge, nullable: true, resolve: (user) => user.represent_badge ?? null }),
  }),
});

builder.queryField('viewer', (t) =>
  t.field({
    type: User,
    nullable: true,
    description: '요청한 토큰의 회원 (비회원은 null)',
    resolve: (_root, _args, context) => context.community.me(),
  }),
);
