import { sql } from 'drizzle-orm';
import type { ItemGrade, ItemType, ProbabilityKind, ProbabilityRarity, WishStatus, WishType } from '../../../domain/limits.js';
import type { Database } from './client.js';
import { items, probabilityItems, probabilityTables, wishes } from './schema.js';

/**
 * Korean demo items (every kind and every grade), the demo members' buy and sell wishes, and the five
 * probability tables. Deterministic: the same rows on every empty database.
 */
interface DemoItem {
  name: string;
  type: ItemType;
  grade: ItemGrade | null;
  score: number;
  price: number;
  image: string;
  description: string | null;
  showEyes?: boolean;
  sprite?: { path: string; width: number; height: number; frame: number };
}

const part = (name: string) => `items/parts/${name}.svg`;

export const DEMO_ITEMS: DemoItem[] = [
  {
    name: '용사의 갑옷 세트',
    type: 'equipment',
    grade: 'SSS',
    score: 980,
    price: 12000,
    image: 'items/armor-set.svg',
    description: '전설의 용사가 입었던 갑옷 한 벌. 모든 부위가 한 번에 바뀝니다.',
  },
  {
    name: '말랑 슬라임 수트',
    type: 'equipment',
    grade: 'S',
    score: 540,
    price: 3800,
    image: 'items/slime-suit.svg',
    description: '말랑말랑한 슬라임 모양 전신 수트.',
  },
  {
    name: '마법사 모자',
    type: 'head',
    grade: 'SS',
    score: 720,
    price: 5200,
    image: part('head'),
    description: '별이 반짝이는 보라색 마법사 모자.',
    showEyes: true,
  },
  { name: '빨간 후드티', type: 'top', grade: 'A', score: 310, price: 900, image: part('top'), description: '포근한 빨간색 후드티.' },
  { name: '청바지', type: 'bottom', grade: 'B', score: 180, price: 450, image: part('bottom'), description: null },
  { name: '가죽 부츠', type: 'shoes', grade: 'C', score: 90, price: 200, image: part('shoes'), description: '튼튼한 갈색 가죽 부츠.' },
  {
    name: '동그란 안경',
    type: 'eye_deco',
    grade: 'S+',
    score: 610,
    price: 2600,
    image: part('eye-deco'),
    description: '똑똑해 보이는 동그란 안경.',
    showEyes: false,
  },
  { name: '발그레 볼터치', type: 'face_deco', grade: 'F', score: 0, price: 0, image: part('face-deco'), description: '처음 가입하면 받는 기본 볼터치.' },
  { name: '슬라임 지팡이', type: 'hand', grade: 'SS', score: 760, price: 6400, image: part('hand'), description: '끝에 슬라임 구슬이 달린 지팡이.' },
  { name: '보랏빛 망토', type: 'cape', grade: 'A', score: 350, price: 1500, image: part('cape'), description: '바람에 휘날리는 보랏빛 망토.' },
  { name: '방긋 얼굴', type: 'face', grade: 'B', score: 150, price: 300, image: part('face'), description: '언제나 웃고 있는 얼굴.' },
  { name: '민트 슬라임 몸', type: 'body', grade: 'C', score: 60, price: 100, image: part('body'), description: '상큼한 민트색 기본 몸.' },
  { name: '밤색 앞머리', type: 'hair_front', grade: 'B', score: 120, price: 350, image: part('hair-front'), description: '단정한 밤색 앞머리.' },
  { name: '밤색 긴 뒷머리', type: 'hair_back', grade: 'A', score: 260, price: 800, image: part('hair-back'), description: '어깨까지 내려오는 뒷머리.' },
  { name: '회복 물약', type: 'consumable', grade: 'C', score: 30, price: 50, image: 'items/potion.svg', description: '체력을 조금 회복합니다.' },
  { name: '통통 사탕', type: 'consumable', grade: null, score: 0, price: 10, image: 'items/candy.svg', description: '먹으면 기분이 좋아지는 사탕.' },
  { name: '젤리 원석', type: 'material', grade: 'S', score: 450, price: 1200, image: 'items/jelly-ore.svg', description: '슬라임 장비 강화에 쓰이는 원석.' },
  { name: '푸른 크리스탈', type: 'material', grade: 'SS', score: 690, price: 4200, image: 'items/crystal.svg', description: '희귀한 푸른빛 크리스탈.' },
  { name: '슬라임 알', type: 'material', grade: 'F', score: 5, price: 20, image: 'items/egg.svg', description: '언젠가 부화할지도 모르는 알.' },
  { name: '반짝 랜턴', type: 'decoration', grade: 'S+', score: 580, price: 2900, image: 'items/lamp.svg', description: '마을을 환하게 밝히는 랜턴.' },
  {
    name: '통통 튀는 슬라임 인형',
    type: 'decoration',
    grade: 'A',
    score: 280,
    price: 1100,
    image: 'items/sprite-bounce.svg',
    description: '방 안을 통통 튀어다니는 인형.',
    sprite: { path: 'items/sprite-bounce.svg', width: 64, height: 64, frame: 4 },
  },
  { name: '슬라임 VIP 입장권', type: 'ticket', grade: 'SSS', score: 999, price: 15000, image: 'items/ticket.svg', description: '특별 이벤트 입장권.' },
  { name: '용사의 검', type: 'hand', grade: 'S', score: 520, price: 3300, image: 'items/sword.svg', description: '용사만 들 수 있다는 검.' },
  { name: '슬라임 방패', type: 'hand', grade: 'B', score: 140, price: 500, image: 'items/shield.svg', description: null },
  { name: '마법 고깔모자', type: 'head', grade: 'S+', score: 600, price: 2500, image: 'items/hat.svg', description: '고깔 모양의 마법 모자.' },
];

interface DemoWish {
  member: number;
  item: number;
  type: WishType;
  status?: WishStatus;
  targetPrice?: number;
  quantity?: number;
  memo?: string;
}

/** Member ids follow DEMO_MEMBERS (1-based); item ids follow DEMO_ITEMS. */
const DEMO_WISHES: DemoWish[] = [
  { member: 2, item: 1, type: 'buy', targetPrice: 11000, memo: '급하게 구해요!' },
  { member: 3, item: 1, type: 'buy', targetPrice: 10000 },
  { member: 5, item: 1, type: 'sell', targetPrice: 12500, memo: '강화 +3 상태입니다.' },
  { member: 9, item: 1, type: 'sell', targetPrice: 13000 },
  { member: 14, item: 1, type: 'buy', quantity: 2 },
  { member: 4, item: 3, type: 'buy', targetPrice: 5000 },
  { member: 6, item: 3, type: 'sell' },
  { member: 2, item: 9, type: 'sell', targetPrice: 6000 },
  { member: 11, item: 9, type: 'buy' },
  { member: 15, item: 18, type: 'buy', quantity: 3, memo: '여러 개 구합니다' },
  { member: 7, item: 18, type: 'sell' },
  { member: 8, item: 22, type: 'buy', status: 'inactive' },
  { member: 10, item: 22, type: 'sell', status: 'completed' },
  { member: 2, item: 4, type: 'buy', status: 'completed' },
  { member: 2, item: 17, type: 'sell', quantity: 5 },
  { member: 2, item: 20, type: 'buy', status: 'inactive' },
  { member: 3, item: 7, type: 'sell', targetPrice: 2500 },
  { member: 13, item: 7, type: 'buy' },
  { member: 16, item: 15, type: 'buy', quantity: 10 },
  { member: 12, item: 21, type: 'sell' },
];

interface DemoProbabilityRow {
  name: string;
  description: string | null;
  image: string | null;
  rarity: ProbabilityRarity;
  /** Percent; each table sums to 100. */
  probability: string;
}

const DEMO_PROBABILITY_TABLES: { kind: ProbabilityKind; name: string; rows: DemoProbabilityRow[] }[] = [
  {
    kind: 'guildornament',
    name: '길드 장식 뽑기',
    rows: [
      {
        name: '황금 길드 깃발',
        description: '길드 본부에 휘날리는 황금 깃발',
        image: 'items/probability/guild-flag.svg',
        rarity: 'legendary',
        probability: '1.5',
      },
      { name: '길드 문장 방패', description: '길드 문장이 새겨진 장식 방패', image: 'items/shield.svg', rarity: 'epic', probability: '6.5' },
      { name: '슬라임 석상', description: '광장에 세우는 작은 석상', image: 'items/egg.svg', rarity: 'rare', probability: '17' },
      { name: '길드 랜턴', description: '밤에도 밝은 길드 랜턴', image: 'items/lamp.svg', rarity: 'uncommon', probability: '30' },
      { name: '나무 울타리', description: '기본 울타리 장식', image: null, rarity: 'common', probability: '45' },
    ],
  },
  {
    kind: 'treasurebox',
    name: '보물 상자',
    rows: [
      {
        name: '전설의 보물 상자',
        description: '무엇이 나올지 모르는 전설의 상자',
        image: 'items/probability/treasure-box.svg',
        rarity: 'legendary',
        probability: '0.5',
      },
      { name: '푸른 크리스탈', description: '희귀한 푸른빛 크리스탈', image: 'items/crystal.svg', rarity: 'epic', probability: '4.5' },
      { name: '젤리 원석', description: '장비 강화 재료', image: 'items/jelly-ore.svg', rarity: 'rare', probability: '10' },
      { name: '회복 물약 묶음', description: '회복 물약 다섯 개', image: 'items/potion.svg', rarity: 'uncommon', probability: '25' },
      { name: '통통 사탕', description: '달콤한 사탕 한 개', image: 'items/candy.svg', rarity: 'common', probability: '30' },
      { name: '슬라임 젤리 조각', description: '흔한 젤리 조각', image: null, rarity: 'common', probability: '30' },
    ],
  },
  {
    kind: 'specialshop',
    name: '특별 상점',
    rows: [
      { name: '용사의 갑옷 세트', description: '특별 상점 한정 장비', image: 'items/armor-set.svg', rarity: 'legendary', probability: '2' },
      { name: '마법사 모자', description: '별이 반짝이는 모자', image: 'items/parts/head.svg', rarity: 'epic', probability: '8' },
      { name: '보랏빛 망토', description: '바람에 휘날리는 망토', image: 'items/parts/cape.svg', rarity: 'rare', probability: '20' },
      { name: '쇼핑백 꾸러미', description: '소모품 꾸러미', image: 'items/probability/shop-bag.svg', rarity: 'uncommon', probability: '30' },
      { name: '기본 의상', description: null, image: 'items/parts/top.svg', rarity: 'common', probability: '40' },
    ],
  },
  {
    kind: 'villagedecoration',
    name: '마을 장식',
    rows: [
      // Enough rows for two pages of 20.
      ...Array.from({ length: 24 }, (_, index): DemoProbabilityRow => {
        const rarities: ProbabilityRarity[] = ['legendary', 'epic', 'rare', 'uncommon', 'common'];
        const rarity = rarities[Math.min(4, Math.floor(index / 5))];
        const names = ['빨간 지붕 집', '꽃 화분', '돌다리', '분수대', '가로등', '벤치', '풍차', '우체통'];
        return {
          name: `${names[index % names.length]} ${index + 1}호`,
          description: index % 3 === 0 ? '마을을 꾸미는 장식물' : `${names[index % names.length]} 장식`,
          image: index % 2 === 0 ? 'items/probability/village-house.svg' : 'items/lamp.svg',
          rarity,
          // 24 rows: 23 of 4 percent and one of 8.
          probability: index === 23 ? '8' : '4',
        };
      }),
    ],
  },
  {
    kind: 'ticket',
    name: '티켓',
    rows: [
      { name: '슬라임 VIP 입장권', description: '특별 이벤트 입장권', image: 'items/ticket.svg', rarity: 'legendary', probability: '0.25' },
      { name: '골드 티켓', description: '골드 등급 보상 티켓', image: 'items/ticket.svg', rarity: 'epic', probability: '4.75' },
      { name: '실버 티켓', description: '실버 등급 보상 티켓', image: null, rarity: 'rare', probability: '15' },
      { name: '브론즈 티켓', description: '브론즈 등급 보상 티켓', image: null, rarity: 'uncommon', probability: '30' },
      { name: '참가 티켓', description: '누구나 받는 참가 티켓', image: null, rarity: 'common', probability: '50' },
    ],
  },
];

export async function seedItems(db: Database, now: Date): Promise<void> {
  const HOUR_MS = 60 * 60 * 1000;
  await db.insert(items).values(
    DEMO_ITEMS.map((item, index) => ({
      id: index + 1,
      uuid: demoUuid(0x17e0, index + 1),
      name: item.name,
      description: item.description,
      itemType: item.type,
      itemRating: item.grade,
      ratingScore: item.score,
      price: item.price,
      image: item.image,
      spriteImage: item.sprite?.path ?? null,
      spriteWidth: item.sprite?.width ?? null,
      spriteHeight: item.sprite?.height ?? null,
      spriteFrame: item.sprite?.frame ?? null,
      isShowEyes: item.showEyes ?? true,
      createdAt: new Date(now.getTime() - (40 - index) * 24 * HOUR_MS),
    })),
  );
  await db.insert(wishes).values(
    DEMO_WISHES.map((wish, index) => {
      const createdAt = new Date(now.getTime() - (DEMO_WISHES.length - index) * 5 * HOUR_MS);
      return {
        id: index + 1,
        uuid: demoUuid(0x715e, index + 1),
        userId: wish.member,
        itemId: wish.item,
        wishType: wish.type,
        status: wish.status ?? 'active',
        targetPrice: wish.targetPrice ?? null,
        memo: wish.memo ?? null,
        quantity: wish.quantity ?? 1,
        isNotificationEnabled: true,
        createdAt,
        updatedAt: createdAt,
        completedAt: wish.status === 'completed' ? new Date(createdAt.getTime() + HOUR_MS) : null,
      };
    }),
  );
  let rowId = 0;
  for (const [tableIndex, table] of DEMO_PROBABILITY_TABLES.entries()) {
    await db.insert(probabilityTables).values({ id: tableIndex + 1, kind: table.kind, name: table.name });
    await db.insert(probabilityItems).values(
      table.rows.map((row, position) => {
        rowId++;
        return {
          id: rowId,
          uuid: demoUuid(0x9b0b, rowId),
          tableId: tableIndex + 1,
          name: row.name,
          description: row.description,
          image: row.image,
          rarity: row.rarity,
          probability: row.probability,
          position,
        };
      }),
    );
  }
  for (const table of ['items', 'wishes', 'probability_tables', 'probability_items']) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`);
  }
}

/** A fixed, valid version-4 uuid per demo row, so links to demo items stay the same across databases. */
function demoUuid(kind: number, n: number): string {
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
  return `${hex(kind, 8)}-${hex(n, 4)}-4000-8000-${hex(n * 7919, 12)}`;
}
