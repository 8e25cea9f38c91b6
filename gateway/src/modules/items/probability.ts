import {
  PROBABILITY_KINDS,
  PROBABILITY_RARITIES,
  matchesProbabilitySearch,
  probabilitySearchSchema,
  type ProbabilityItemJson,
  type ProbabilityKind,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { NotFoundError } from '../../graphql/errors.js';
import { issuesAt } from '../../graphql/ids.js';
import { enumValues } from '../../graphql/enums.js';
import { byIdentity, queryConnection, sliceConnection } from '../../graphql/connections.js';

const ProbabilityKindEnum = builder.enumType('ProbabilityKind', {
  description: '확률표 종류: 길드 장식, 보물 상자, 특별 상점, 마을 장식, 티켓',
  values: enumValues(PROBABILITY_KINDS),
});
const RarityEnum = builder.enumType('ProbabilityRarity', { values: enumValues(PROBABILITY_RARITIES) });

type ProbabilityRecord = ProbabilityItemJson & { kind: ProbabilityKind };

/** `<kind>/<id>` inside a ProbabilityItem id: the upstream needs both to find a row. */
const KEY_PATTERN = new RegExp(`^(${PROBABILITY_KINDS.join('|')})/\\d{1,10}$`);

export const ProbabilityItem = upstreamNode<ProbabilityRecord>('ProbabilityItem', {
  id: (row) => `${row.kind}/${row.id}`,
  key: KEY_PATTERN,
  read: async (key, context) => {
    const [kind, id] = key.split('/') as [ProbabilityKind, string];
    return { ...(await context.items.probabilityItem(kind, id)), kind };
  },
});

ProbabilityItem.implement({
  description: 'One row of a probability table (“확률표”).',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid'),
    kind: t.field({ type: ProbabilityKindEnum, resolve: (row) => row.kind }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    image: t.field({ type: 'URL', nullable: true, resolve: (parent, _args, context) => context.mediaUrl(parent.image) }),
    rarity: t.field({ type: RarityEnum, resolve: (row) => row.rarity }),
    probability: t.exposeFloat('probability', { description: '퍼센트 (표 하나의 합은 100)' }),
  }),
});

builder.queryField('probabilityTable', (t) =>
  queryConnection(t, 'ProbabilityItem', {
    type: ProbabilityItem,
    description: '확률표. search는 이름이나 설명에 대소문자 구분 없이 포함된 항목만 남깁니다.',
    args: { kind: t.arg({ type: ProbabilityKindEnum, required: true }), search: t.arg.string() },
    resolve: (_root, args, context) => {
      const search = probabilitySearchSchema.safeParse(args.search ?? '');
      const issues = search.success ? [] : issuesAt(search.error, ['search']);
      const kind = args.kind as ProbabilityKind;
      const rows = async () =>
        (await context.items.probabilityTable(kind)).filter((row) => matchesProbabilitySearch(row, search.data)).map((row) => ({ ...row, kind }));
      return sliceConnection(args, rows, byIdentity, issues);
    },
  }),
);

builder.queryField('probabilityItem', (t) =>
  t.field({
    type: ProbabilityItem,
    nullable: true,
    description: '확률표 한 줄 (/probability/{kind}/{databaseId} 화면). node(id)로도 읽을 수 있습니다.',
    errors: { types: [NotFoundError], directResult: true },
    args: { kind: t.arg({ type: ProbabilityKindEnum, required: true }), databaseId: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => {
      const key = `${args.kind}/${args.databaseId}`;
      if (!KEY_PATTERN.test(key)) throw new NotFoundError();
      return ProbabilityItem.getDataloader(context).load(key);
    },
  }),
);
