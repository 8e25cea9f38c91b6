import { ObjectRef, type InputFieldMap, type InputShapeFromFields, type OutputShape, type OutputType } from '@pothos/core';
import type { GatewayContext } from './context.js';
import { builder } from './builder.js';
import { WRITE_ERRORS } from './errors.js';
import { IDEMPOTENCY } from '../../../domain/index.js';

type Types = typeof builder.$inferSchemaTypes;
type Output = OutputType<Types> | [OutputType<Types>];
type ShapeOf<T> = T extends [infer U] ? OutputShape<Types, U>[] : OutputShape<Types, T>;

/**
 * A payload field: its type, or its type with a description or nullability, read from the resolver's answer under
 * its own name; or a field worked out when asked (`resolve`), from the answer's other values or the context.
 */
type PayloadField =
  Output | { type: Output; nullable?: boolean; description?: string; resolve?: (payload: Record<string, any>, context: GatewayContext) => unknown };
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
    description: `멱등 키 (선택, 1-${IDEMPOTENCY.keyMaxLength}자: 영문, 숫자, - _ : .). 같은 작성을 다시 보낼 때(재시도, 두 번 누름) 같은 키를 보내면 새로 만들지 않고 처음 결과를 돌려줍니다. 키는 ${IDEMPOTENCY.keepMs / 3_600_000}시간 동안 기억하며, 같은 키로 다른 내용을 보내면 ValidationError입니다.`,
  });

const capitalized = (name: string) => name[0].toUpperCase() + name.slice(1);
const isFieldOptions = (field: PayloadField): field is Exclude<PayloadField, Output> => Object.getPrototypeOf(field) === Object.prototype;

/** An object type whose fields each read the value of the same name. */
function payloadType(name: string, fields: PayloadFields) {
  return builder.objectRef<Record<string, unknown>>(name).implement({
    fields: (t) =>
      Object.fromEntries(
        Object.entries(fields).map(([key, field]) => {
          const { resolve, ...options } = isFieldOptions(field) ? field : { type: field, resolve: undefined };
          const read = resolve
            ? (payload: Record<string, unknown>, _args: unknown, context: GatewayContext) => resolve(payload, context)
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
  /** The failures answered as typed results: a member's write's by default. */
  errors?: readonly ErrorClass[];
  /** The fields of `<Name>Input`, the one required `input` argument; a mutation without one takes no arguments. */
  input?: InputFields<Fields>;
  /** `<Name>Payload`: its fields by name, or a payload type made elsewhere when a field needs more than the answer's value. */
  payload: P;
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
  const { payload, input, guests, errors = WRITE_ERRORS, description, resolve } = options;
  const payloadRef = payload instanceof ObjectRef ? payload : payloadType(`${typeName}Payload`, payload as PayloadFields);
  const inputRef = input && builder.inputType(`${typeName}Input`, { fields: input });
  builder.mutationField(name, (t) =>
    t.field({
      type: payloadRef as ObjectRef<Types, unknown>,
      description,
      ...(guests ? {} : { authScopes: { member: true } }),
      errors: { types: [...errors], directResult: true },
      args: inputRef ? { input: t.arg({ type: inputRef, required: true }) } : {},
      resolve: (_root: unknown, args: { input?: unknown }, context: GatewayContext) => resolve(args.input as InputShapeFromFields<Fields>, context),
    } as never),
  );
}
