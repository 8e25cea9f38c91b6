import { ObjectRef, type InputFieldMap, type InputShapeFromFields, type OutputShape, type OutputType } from '@pothos/core';
import { decodeGlobalID } from '@pothos/plugin-relay';
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from './context.js';
import { builder } from './builder.js';
import { UpstreamValidationError, WRITE_ERRORS } from './errors.js';
import { nodeReference, type KeyedNode } from './nodes.js';
import { IDEMPOTENCY, REPORT_DEFAULT_REASON_TYPE, reportTexts } from '../../../domain/index.js';

type Types = typeof builder.$inferSchemaTypes;
type Output = OutputType<Types> | [OutputType<Types>];
type ShapeOf<T> = T extends [infer U] ? OutputShape<Types, U>[] : OutputShape<Types, T>;

/**
 * A payload field: its type, or its type with a description or nullability, read from the resolver's answer under
 * its own name; or a field worked out when asked (`resolve`), from the answer's other values or the context.
 */
type PayloadField =
  | Output
  | {
      type: Output;
      nullable?: boolean;
      description?: string;
      deprecationReason?: string;
      resolve?: (payload: Record<string, any>, context: GatewayContext, info: GraphQLResolveInfo) => unknown;
    };
export type PayloadFields = Record<string, PayloadField>;

type FieldShape<F> = F extends { type: infer T; nullable: true } ? ShapeOf<T> | null : F extends { type: infer T } ? ShapeOf<T> : ShapeOf<F>;
type Computed<P> = { [K in keyof P]: P[K] extends { resolve: unknown } ? K : never }[keyof P];
type AnswerShape<P> = { [K in Exclude<keyof P, Computed<P>>]: FieldShape<P[K]> } & ([Computed<P>] extends [never] ? unknown : object);
/** What a resolver answers for a payload declared as fields (computed fields read what else it answers), or for a payload type made elsewhere. */
type PayloadShape<P> = P extends ObjectRef<Types, infer Shape> ? Shape : AnswerShape<P>;

type ErrorClass = new (...args: any[]) => Error;
/** What an input type's `fields` callback gets, for field lists several inputs share. */
export type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>;
type InputFields<Fields extends InputFieldMap> = (t: InputFieldBuilder) => Fields;

/**
 * The optional `idempotencyKey` of a create's input: one key per thing the member means to create, sent again
 * when the same submit is repeated (a retry, a double click), so the repeat answers the first result instead of
 * creating twice (domain/idempotency.ts).
 */
export const idempotencyKeyField = (t: InputFieldBuilder) =>
  t.string({
    description: `Optional idempotency key: 1-${IDEMPOTENCY.keyMaxLength} characters of letters, digits and \`- _ : .\`. Send the same key again when repeating the same submit (a retry, a double click): the repeat answers the first result instead of creating twice. A key is remembered for ${IDEMPOTENCY.keepMs / 3_600_000} hours; the same key with different input is a ValidationError.`,
  });

/** The optional `reasonType` of a report's input: the numbers the report form offers, with the labels it shows. */
export const reportReasonTypeField = (t: InputFieldBuilder) =>
  t.int({
    description: `The kind of reason, by number (${REPORT_DEFAULT_REASON_TYPE} when omitted; any other number is a ValidationError), with the Korean label the app's report form shows for it: ${reportTexts.reasonTypes.map((label, index) => `${index} "${label}"`).join(', ')}.`,
  });

/** When the input names `id` replaced stop being accepted (docs/schema-changes.md: at least three months after the deprecation). */
export const RENAMED_INPUT_REMOVAL_DATE = '2027-03-01';

/** A node type the gateway loads by its upstream key. */

/**
 * A payload's reference to another object, as that object: loaded from the global id the payload answers under
 * `rawField` only when asked, null once it is gone. Use with `rawIdReplacedBy` for the raw id it replaces.
 */
export function referencedObject(rawField: string, type: KeyedNode, description: string) {
  return {
    type,
    nullable: true,
    description,
    resolve: (payload: Record<string, any>, context: GatewayContext, info: GraphQLResolveInfo) =>
      nodeReference(type, decodeGlobalID(String(payload[rawField])).id, context, info),
  } as const;
}

/** A payload's raw global id of another object, kept (deprecated) beside the `objectField` that answers the object. */
export const rawIdReplacedBy = (objectField: string) =>
  ({
    type: 'ID',
    description: `The global id of \`${objectField}\`.`,
    deprecationReason: `Use ${objectField}. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
  }) as const;

/**
 * The id of the object a mutation acts on, named `id` as in every input here, beside the name it had before (e.g.
 * `storyId`), kept deprecated until RENAMED_INPUT_REMOVAL_DATE: either is accepted (read with `targetIdOf`).
 */
export function targetIdFields<Old extends string>(t: InputFieldBuilder, oldName: Old, what: string) {
  return {
    id: t.id({ description: `The global id of the ${what} to act on. Required: the input is refused without it (or \`${oldName}\`).` }),
    ...({
      [oldName]: t.id({
        description: `The former name of \`id\`.`,
        deprecationReason: `Use id. Removal after ${RENAMED_INPUT_REMOVAL_DATE}.`,
      }),
    } as Record<Old, ReturnType<InputFieldBuilder['id']>>),
  };
}

/** Said of every mutation a guest may call; the Mutation type's description says the others need a session. */
const GUESTS_MAY_CALL = 'Guests may call it too.';

const capitalized = (name: string) => name[0].toUpperCase() + name.slice(1);
const isFieldOptions = (field: PayloadField): field is Exclude<PayloadField, Output> => Object.getPrototypeOf(field) === Object.prototype;

/** What the payload fields every mutation shares answer, where the mutation says nothing more specific. */
const SHARED_PAYLOAD_FIELDS: Record<string, string> = {
  viewer: 'The signed-in member, as they are after this mutation.',
  success: 'Always true: a failure answers one of the typed errors instead.',
  message: 'A Korean confirmation to show the member as is.',
  createdAt: 'When the server recorded it.',
};

/**
 * The description of a payload field the mutation did not describe: the shared ones above, an object named after
 * its field (`post: Post`) as it is after the mutation, and the ids a delete or a report answers for client caches.
 */
function payloadFieldDescription(key: string, field: PayloadField): string | undefined {
  const type = isFieldOptions(field) ? field.type : field;
  const typeName = typeof type === 'string' ? type : (type as { name?: string }).name;
  const about = (name: string) => name.replace(/Ids?$/, '').replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  const plural = (noun: string) => (/(s|sh|ch|x)$/.test(noun) ? `${noun}es` : `${noun}s`);
  if (SHARED_PAYLOAD_FIELDS[key]) return SHARED_PAYLOAD_FIELDS[key];
  if (typeName === capitalized(key)) return `The ${about(key).trim()}, as it is after this mutation.`;
  if (/^deleted\w+Ids$/.test(key)) return `The global ids of the deleted ${plural(about(key.slice(7)).trim())}, to remove from client caches.`;
  if (/^deleted\w+Id$/.test(key)) return `The global id of the deleted${about(key.slice(7))}, to remove from client caches.`;
  if (/^(reported|blocked)\w+Id$/.test(key))
    return `The global id of the${about(key.replace(/^(reported|blocked)/, ''))} that was ${key.match(/^(reported|blocked)/)![0]}.`;
  return undefined;
}

/** An object type whose fields each read the value of the same name. */
function payloadType(name: string, fields: PayloadFields, description: string) {
  return builder.objectRef<Record<string, unknown>>(name).implement({
    description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(fields).map(([key, field]) => {
          const { resolve, ...options } = isFieldOptions(field) ? field : { type: field, resolve: undefined };
          options.description ??= payloadFieldDescription(key, field);
          const read = resolve
            ? (payload: Record<string, unknown>, _args: unknown, context: GatewayContext, info: GraphQLResolveInfo) => resolve(payload, context, info)
            : (payload: Record<string, unknown>) => payload[key];
          return [key, t.field({ ...options, resolve: read } as never)];
        }),
      ),
  });
}

export interface PayloadMutationOptions<Fields extends InputFieldMap, P> {
  description?: string;
  /** Guests may call it too (logging in, registering); without this a guest gets NotAuthenticatedError before any upstream call. */
  guests?: true;
  /** Staff only: another member gets ForbiddenError (a guest NotAuthenticatedError) before the input is checked. */
  staff?: true;
  /** The failures answered as typed results: a member's write's by default. */
  errors?: readonly ErrorClass[];
  /** The fields of `<Name>Input`, the one required `input` argument; a mutation without one takes no arguments. */
  input?: InputFields<Fields>;
  /** `<Name>Payload`: its fields by name, or a payload type made elsewhere when a field needs more than the answer's value. */
  payload: P;
  /** Input fields the REST API names differently (its name, camelCased → the input's), so its issues point at the input field. */
  upstreamNames?: Readonly<Record<string, string>>;
  resolve: (input: InputShapeFromFields<Fields>, context: GatewayContext) => Promise<PayloadShape<P>>;
}

/**
 * A mutation as every one here is shaped: `name(input: <Name>Input!): Mutation<Name>Result!`, the result a union of
 * `<Name>Payload` and the typed errors. Declares the input, the errors and the payload once, so the module says only
 * what differs: the fields, the description and the call.
 */
export function payloadMutation<Fields extends InputFieldMap, const P extends PayloadFields | ObjectRef<Types, any>>(
  name: string,
  options: PayloadMutationOptions<Fields, P>,
): void {
  const typeName = capitalized(name);
  const { payload, input, guests, staff, errors = WRITE_ERRORS, description, upstreamNames, resolve } = options;
  const payloadRef =
    payload instanceof ObjectRef ? payload : payloadType(`${typeName}Payload`, payload as PayloadFields, `What \`${name}\` answers when it succeeds.`);
  const inputRef = input && builder.inputType(`${typeName}Input`, { description: `The input of \`${name}\`.`, fields: input });
  builder.mutationField(name, (t) =>
    t.field({
      type: payloadRef as ObjectRef<Types, unknown>,
      description: guests ? [description, GUESTS_MAY_CALL].filter(Boolean).join(' ') : description,
      ...(guests ? {} : { authScopes: staff ? { staff: true } : { member: true } }),
      errors: {
        types: [...errors],
        directResult: true,
        union: { description: `\`${typeName}Payload\` when \`${name}\` succeeds, or one of the typed errors (implementing \`Error\`) saying why not.` },
      },
      args: inputRef ? { input: t.arg({ type: inputRef, required: true, description: `What \`${name}\` acts on.` }) } : {},
      resolve: (_root: unknown, args: { input?: unknown }, context: GatewayContext) =>
        resolve(args.input as InputShapeFromFields<Fields>, context).catch((error: unknown) => {
          // The REST API located its issues in the body it was sent, which is this mutation's input.
          throw error instanceof UpstreamValidationError && inputRef ? error.under(['input'], upstreamNames) : error;
        }),
    } as never),
  );
}
