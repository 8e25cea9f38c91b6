import { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { createGraphQLError, type GraphQLParams, type Plugin } from 'graphql-yoga';
import { GRAPHQL_UPLOAD_LIMITS } from '../../../../domain/limits.js';
import { hardeningTexts } from '../../../../domain/messages.js';
import { uploadLimitFor } from '../../../../domain/uploads.js';

const badRequest = (message: string) => createGraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
const texts = hardeningTexts.uploadRequest;
const tooLarge = (message: string) => createGraphQLError(message, { extensions: { code: 'VALIDATION_ERROR', http: { status: 413 } } });

/**
 * Reads GraphQL multipart requests (the multipart request specification: `operations`, `map`, then the files)
 * in place of Yoga's own parser, which holds every file to one size and answers in English. Here each file is
 * held to the limit of the type it declares (a story video may be 50 MB, a picture 10 MB) while it streams:
 * the request is refused with that limit's Korean message as soon as a file passes it, nothing past it is
 * kept, and the rest of the body is discarded by the server. The whole body is bounded here too (Yoga's own
 * cap is off: it would refuse a story video before reading it, in English). Written here because no kept multipart reader
 * sets its limit per part; busboy does the parsing.
 */
export function useBoundedUploads(): Plugin {
  return {
    onRequestParse({ request, setRequestParser }) {
      if (request.method === 'POST' && /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
        setRequestParser(parseMultipartRequest);
      }
    },
  };
}

function parseMultipartRequest(request: Request): Promise<GraphQLParams> {
  const body = request.body;
  if (!body) return Promise.reject(badRequest(texts.unreadable));
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const files = new Map<string, File>();
    const source = Readable.from(body as unknown as AsyncIterable<Uint8Array>);
    let bodyBytes = 0;
    source.on('data', (chunk: Uint8Array) => {
      bodyBytes += chunk.byteLength;
      if (bodyBytes > GRAPHQL_UPLOAD_LIMITS.requestBytes) fail(tooLarge(hardeningTexts.uploadBodyTooLarge(GRAPHQL_UPLOAD_LIMITS.requestBytes)));
    });
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        // The largest any file may be is a backstop; each file's own limit is checked below as it arrives.
        limits: {
          fileSize: GRAPHQL_UPLOAD_LIMITS.fileSize + 1,
          files: GRAPHQL_UPLOAD_LIMITS.files,
          fields: GRAPHQL_UPLOAD_LIMITS.fields,
          fieldSize: GRAPHQL_UPLOAD_LIMITS.fieldSize,
        },
      });
    } catch {
      // No boundary in the content type, or one busboy cannot read.
      reject(badRequest(texts.unreadable));
      return;
    }
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      // The rest of the body is read and dropped (never kept), so the answer reaches the client instead of a reset.
      source.unpipe(busboy);
      source.resume();
      busboy.destroy();
      reject(error);
    };

    busboy.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(badRequest(texts.fieldTooLarge(name, GRAPHQL_UPLOAD_LIMITS.fieldSize)));
      else fields.set(name, value);
    });
    busboy.on('file', (name, stream, filename, _encoding, mimeType) => {
      const limit = uploadLimitFor(mimeType);
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit.maxBytes) {
          fail(tooLarge(limit.tooLarge));
          stream.resume();
          return;
        }
        chunks.push(chunk as Uint8Array<ArrayBuffer>);
      });
      stream.on('end', () => {
        if (!settled) files.set(name, new File(chunks, filename || name, { type: mimeType }));
      });
      stream.on('error', (error: Error) => fail(error));
    });
    busboy.on('filesLimit', () => fail(badRequest(texts.tooManyFiles(GRAPHQL_UPLOAD_LIMITS.files))));
    busboy.on('fieldsLimit', () => fail(badRequest(texts.tooManyFields(GRAPHQL_UPLOAD_LIMITS.fields))));
    busboy.on('error', () => fail(badRequest(texts.unreadable)));
    busboy.on('finish', () => {
      if (settled) return;
      try {
        const params = assemble(fields, files);
        settled = true;
        resolve(params);
      } catch (error) {
        fail(error as Error);
      }
    });
    // A client that goes away mid-upload ends the stream with an error: the request is over.
    source.on('error', () => fail(badRequest(texts.unreadable)));
    source.pipe(busboy);
  });
}

/** The operation with every file put where `map` says (`variables.input.file`), as the specification describes. */
function assemble(fields: Map<string, string>, files: Map<string, File>): GraphQLParams {
  const operations = parseJson(fields.get('operations'));
  if (!operations || typeof operations !== 'object' || Array.isArray(operations)) throw badRequest(texts.operations);
  const map = fields.has('map') ? parseJson(fields.get('map')) : {};
  if (!map || typeof map !== 'object' || Array.isArray(map)) throw badRequest(texts.map);
  for (const [name, paths] of Object.entries(map as Record<string, unknown>)) {
    if (!Array.isArray(paths)) throw badRequest(texts.map);
    const file = files.get(name);
    if (!file) throw badRequest(texts.fileMissing(name));
    for (const path of paths) {
      if (typeof path !== 'string') throw badRequest(texts.map);
      if (!setAtPath(operations as Record<string, unknown>, path.split('.'), file)) throw badRequest(texts.pathInvalid(path));
    }
  }
  return operations as GraphQLParams;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Puts `value` at an existing `null` slot of the operation (the spec's placeholder); any other path is refused. */
function setAtPath(target: Record<string, unknown>, keys: string[], value: File): boolean {
  let current: unknown = target;
  for (const key of keys.slice(0, -1)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return false;
    if (!current || typeof current !== 'object' || !Object.hasOwn(current, key)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  const last = keys.at(-1)!;
  if (!current || typeof current !== 'object' || !Object.hasOwn(current, last) || (current as Record<string, unknown>)[last] !== null) return false;
  (current as Record<string, unknown>)[last] = value;
  return true;
}
