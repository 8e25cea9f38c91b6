import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { printSchema, type GraphQLSchema } from 'graphql';
import { envelop, useSchema } from 'graphql-yoga';
import { schema } from './schema.js';

/**
 * The schema as the gateway serves it: with the directives the defer-stream plugin adds (@defer, @stream), which
 * clients such as relay-compiler must know.
 */
export const servedSchema: GraphQLSchema = envelop({ plugins: [useSchema(schema), useDeferStream()] })().schema;

/** schema.graphql's content. */
export const printedSchema = (): string => printSchema(servedSchema) + '\n';
