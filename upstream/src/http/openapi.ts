import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorJson } from '../../../domain/api.js';
import { z } from '../../../domain/zod.js';

/** Where the upstream serves its OpenAPI description and the Swagger UI page that reads it. */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

/** The areas the description groups its operations by, as the source folders name them. */
type Area = 'community' | 'accounts' | 'items' | 'messaging' | 'stories';

export interface OperationDoc {
  /** The operation's name in the description (and in clients generated from it). */
  id: string;
  area: Area;
  /** A few words saying what the operation does, shown as its title in Swagger UI and generated clients. */
  summary: string;
  /** What a client needs to know beyond the summary (who may call it, the forms the body can take). */
  description?: string;
  /** Answers 401 without a member's token; without this the token is optional (it personalises the answer). */
  member?: boolean;
  /** Path parameters with rules of their own (enums); without it each one is a string. */
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** `json`: JSON only (the default); `both`: JSON or the same fields as multipart/form-data; `multipart`: form only. */
  bodyAs?: 'json' | 'both' | 'multipart';
  /** The main answer (a named schema of domain/api.ts or domain/api/); its status is `status` (200 by default). */
  answer: z.ZodType;
  status?: number;
  /** What the main answer is, when `answer` does not say it. */
  answerText?: string;
}

/** A multipart form of one file part, `name` (its bytes are checked by the handler, whatever type it declares). */
export const uploadForm = (name: string) => z.object({ [name]: z.file() });

const CONTENT_TYPES = { json: ['application/json'], both: ['application/json', 'multipart/form-data'], multipart: ['multipart/form-data'] };

/**
 * A route's entry in /openapi.json, made of the same zod schemas its handler validates with. Only a description:
 * the handler still parses its input with `validate` (it merges multipart fields and answers the domain's Korean
 * 422), so Fastify checks nothing with it (see `describeApi`).
 */
export function operation(doc: OperationDoc): { schema: FastifySchema } {
  const status = doc.status ?? 200;
  return {
    schema: {
      operationId: doc.id,
      tags: [doc.area],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      security: doc.member ? [{ token: [] }] : [{}, { token: [] }],
      ...(doc.params ? { params: doc.params } : {}),
      ...(doc.query ? { querystring: doc.query } : {}),
      ...(doc.body ? { body: doc.body, consumes: CONTENT_TYPES[doc.bodyAs ?? 'json'] } : {}),
      response: {
        [status]: { description: doc.answerText ?? 'OK', content: { 'application/json': { schema: doc.answer } } },
        default: { description: 'The error object, for every failure', content: { 'application/json': { schema: apiErrorJson } } },
      },
    } as FastifySchema,
  };
}

const zodComponents = createJsonSchemaTransformObject({});

/**
 * The description without the components no operation reaches: every named zod schema is listed twice (as an
 * input and as an answer), and the answers' input forms are never used.
 */
function withoutUnusedSchemas<D extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } }>(document: D): D {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (used.has(name!)) continue;
      used.add(name!);
      visit(schemas[name!]);
    }
  };
  visit(document.paths);
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) } };
}

/**
 * Serves the OpenAPI 3 description of every route registered after it at /openapi.json, and Swagger UI (its files
 * come with the package) at /docs. Route schemas are zod schemas turned into JSON Schema for the description only.
 */
export async function describeApi(app: FastifyInstance): Promise<void> {
  // The handlers validate (http/validate.ts); answers are written as they are, as without a schema.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Slime community REST API',
        version: '1',
        description:
          'The REST API of the Slime community (posts, replies, members, items and wish lists, notifications, notices, inquiries, stories). Every failure answers the error object (`Error`); bad input answers 422 with one detail per broken rule.',
      },
      // Relative to this document's own address, so the description is right wherever the API is served.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          token: {
            type: 'http',
            scheme: 'bearer',
            description: '`Authorization: Bearer <token>` (or `token <token>`) from a login; a token that names no live session answers 401.',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: (document) => withoutUnusedSchemas(zodComponents(document)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
