import {
  PROBABILITY_KINDS,
  PROBABILITY_SEARCH_MAX_LENGTH,
  PROBABILITY_RARITIES,
  matchesProbabilitySearch,
  probabilitySearchSchema,
  type ProbabilityItemJson,
  type ProbabilityKind,
  itemTexts,
} from '../../../../domain/index.js';
import { builder } from '../../graphql/builder.js';
import { upstreamNode } from '../../graphql/nodes.js';
import { NotFoundError } from '../../graphql/errors.js';
import { issuesAt } from '../../graphql/ids.js';
import { enumValues, labelledDescriptions } from '../../graphql/enums.js';
import { byIdentity, offsetArgument, queryConnection, sliceConnection } from '../../graphql/connections.js';

const ProbabilityKindEnum = builder.enumType('ProbabilityKind', {
  description: 'Which probability table: each kind of draw has its own.',
  values: enumValues(
    PROBABILITY_KINDS,
    labelledDescriptions(
      PROBABILITY_KINDS,
      {
        guildornament: 'Guild ornaments',
        treasurebox: 'Treasure boxes',
        specialshop: 'The special shop',
        villagedecoration: 'Village decorations',
        ticket: 'Tickets',
      },
      itemTexts.probability.kinds,
    ),
  ),
});
const RarityEnum = builder.enumType('ProbabilityRarity', {
  description: 'How rare a row of a probability table is, from legendary (the rarest) to common.',
  values: enumValues(
    PROBABILITY_RARITIES,
    labelledDescriptions(
      PROBABILITY_RARITIES,
      { legendary: 'Legendary, the rarest', epic: 'Epic', rare: 'Rare', uncommon: 'Uncommon', common: 'Common, the least rare' },
      itemTexts.probability.rarities,
    ),
  ),
});

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
  description: `One row of a probability table (shown under "${itemTexts.probability.title}"): something that can be drawn, and its chance.`,
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The row's number, unique within its table (`probabilityItem` reads a row by it and its kind)." }),
    uuid: t.exposeString('uuid', { description: "The row's UUID." }),
    kind: t.field({ type: ProbabilityKindEnum, description: 'The table this row belongs to.', resolve: (row) => row.kind }),
    name: t.exposeString('name', { description: 'What can be drawn, in Korean.' }),
    description: t.exposeString('description', { nullable: true, description: 'A description of what can be drawn, in Korean; null when there is none.' }),
    image: t.field({
      type: 'URL',
      nullable: true,
      description: 'A picture of what can be drawn; null when there is none.',
      resolve: (parent, _args, context) => context.mediaUrl(parent.image),
    }),
    rarity: t.field({ type: RarityEnum, description: 'How rare it is.', resolve: (row) => row.rarity }),
    probability: t.exposeFloat('probability', { description: 'The chance of drawing it, in percent: the rows of one table add up to 100.' }),
  }),
});

builder.queryField('probabilityTable', (t) =>
  queryConnection(t, 'ProbabilityItem', {
    type: ProbabilityItem,
    description: "The rows of one probability table, for anyone, in the table's order. One of `first` or `last` is required.",
    args: {
      kind: t.arg({ type: ProbabilityKindEnum, required: true, description: 'Which table.' }),
      search: t.arg.string({
        description: `Keeps only the rows whose name or description contains this text, ignoring case; at most ${PROBABILITY_SEARCH_MAX_LENGTH} characters.`,
      }),
      offset: offsetArgument(t.arg),
    },
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
    description: 'One row of a probability table by its table and number, for anyone; NotFoundError when there is none. `node(id)` reads it too.',
    errors: { types: [NotFoundError], directResult: true },
    args: {
      kind: t.arg({ type: ProbabilityKindEnum, required: true, description: 'The table.' }),
      databaseId: t.arg.int({ required: true, description: "The row's `databaseId`." }),
    },
    resolve: (_root, args, context) => {
      const key = `${args.kind}/${args.databaseId}`;
      if (!KEY_PATTERN.test(key)) throw new NotFoundError();
      return ProbabilityItem.getDataloader(context).load(key);
    },
  }),
);
