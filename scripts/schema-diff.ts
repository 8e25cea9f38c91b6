/**
 * `npm run schema:diff`: schema.graphql against the last released schema (schema/released.graphql), the policy of
 * docs/schema-changes.md. Fails on a breaking change unless what it removes was deprecated in the released schema
 * with a removal date that has passed, and on a `@deprecated` reason without a removal date.
 * graphql-inspector finds the changes and rates them; which breaking ones our deprecation policy allows is ours.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { ChangeType, CriticalityLevel, diff, type Change } from '@graphql-inspector/core';
import { buildSchema, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';

/** How a deprecation reason names its removal date ("Use id. Removal after 2027-03-01."). */
const REMOVAL_DATE = /Removal after (\d{4}-\d{2}-\d{2})\./;

export interface SchemaCheck {
  changes: Change[];
  /** Why the change may not be released; empty when it may. */
  problems: string[];
}

interface Deprecatable {
  coordinate: string;
  deprecationReason?: string | null;
  /** The named type it answers or takes, for a removed type's references. */
  typeName?: string;
}

/** Every field, argument, input field and enum value of a schema by its coordinate (`Type.field`, `Type.field.arg`, `Enum.VALUE`). */
function members(schema: GraphQLSchema): Map<string, Deprecatable> {
  const found = new Map<string, Deprecatable>();
  const add = (coordinate: string, member: { deprecationReason?: string | null; type?: Parameters<typeof getNamedType>[0] }) =>
    found.set(coordinate, { coordinate, deprecationReason: member.deprecationReason, typeName: member.type ? getNamedType(member.type).name : undefined });
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        add(`${type.name}.${field.name}`, field);
        for (const arg of field.args) add(`${type.name}.${field.name}.${arg.name}`, arg);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) add(`${type.name}.${field.name}`, field);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) add(`${type.name}.${value.name}`, value);
    }
  }
  return found;
}

/** Null when the member was deprecated with a removal date before `today`; else why its removal is breaking. */
function removalRefusal(member: Deprecatable | undefined, today: string): string | null {
  if (!member) return 'not in the released schema';
  if (member.deprecationReason == null) return 'it was not deprecated in the released schema first';
  const date = member.deprecationReason.match(REMOVAL_DATE)?.[1];
  if (!date) return 'its deprecation named no removal date';
  if (date >= today) return `its removal date, ${date}, has not passed`;
  return null;
}

const REMOVALS = new Set<string>([ChangeType.FieldRemoved, ChangeType.InputFieldRemoved, ChangeType.EnumValueRemoved, ChangeType.FieldArgumentRemoved]);

/** The changes from `released` to `current` and what keeps them from release; `today` as YYYY-MM-DD. */
export async function checkSchemaChange(released: string, current: string, today: string): Promise<SchemaCheck> {
  const before = buildSchema(released);
  const after = buildSchema(current);
  const changes = await diff(before, after);
  const previous = members(before);
  const problems: string[] = [];

  for (const change of changes) {
    if (change.criticality.level !== CriticalityLevel.Breaking) continue;
    let refusal: string | null;
    if (REMOVALS.has(change.type)) {
      refusal = removalRefusal(previous.get(change.path ?? ''), today);
    } else if (change.type === ChangeType.TypeRemoved) {
      // A type cannot be deprecated: it goes once every field, argument and input field that used it has gone by the rules.
      const uses = [...previous.values()].filter((member) => member.typeName === change.path);
      const refused = uses.map((use) => removalRefusal(use, today)).find((reason) => reason !== null);
      refusal = refused ? `it is still used where ${refused}` : null;
    } else {
      refusal = 'a breaking change that no deprecation can announce';
    }
    if (refusal) problems.push(`${change.message} (${change.path}): ${refusal}.`);
  }

  for (const member of members(after).values()) {
    if (member.deprecationReason != null && !REMOVAL_DATE.test(member.deprecationReason)) {
      problems.push(`${member.coordinate} is deprecated without a removal date: its reason must say "Removal after YYYY-MM-DD."`);
    }
  }
  return { changes, problems };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = new URL('../', import.meta.url);
  const [released, current] = await Promise.all([
    readFile(new URL('schema/released.graphql', root), 'utf8'),
    readFile(new URL('schema.graphql', root), 'utf8'),
  ]);
  const { changes, problems } = await checkSchemaChange(released, current, new Date().toISOString().slice(0, 10));
  for (const change of changes) console.log(`${change.criticality.level.padEnd(13)} ${change.message}`);
  if (problems.length) {
    console.error(`\nschema.graphql breaks the released schema (docs/schema-changes.md):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`schema.graphql keeps the released schema working (${changes.length} change${changes.length === 1 ? '' : 's'}).`);
}
