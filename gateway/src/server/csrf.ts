import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { hardeningTexts, type ErrorCode } from '../../../domain/index.js';
import { PREFLIGHT_HEADERS } from './cors.js';

const BAD_REQUEST: ErrorCode = 'BAD_REQUEST';

/** The plugin's refusal told for what was sent: a GET needs one of the headers (or a JSON POST), a form-like POST the header or JSON. */
function csrfRefusal(request: Request, refusal: unknown): unknown {
  if (!(refusal instanceof GraphQLError)) return refusal;
  const simpleRead = request.method === 'GET' || request.method === 'HEAD';
  const message = simpleRead ? hardeningTexts.csrfGetRefused(PREFLIGHT_HEADERS) : hardeningTexts.csrfPostRefused(PREFLIGHT_HEADERS);
  // The plugin's 403 is kept: the request log files it as the client's refusal, below warning level.
  return new GraphQLError(message, { extensions: { code: BAD_REQUEST, ...(refusal.extensions.http ? { http: refusal.extensions.http } : {}) } });
}

/**
 * Yoga's CSRF prevention, unchanged in what it lets through: a simple GET or form-like POST (which browsers send
 * cross-site without a preflight) needs one of PREFLIGHT_HEADERS. Its English refusal, which speaks of headers and
 * content types whatever the method, becomes a Korean one telling the client what to send for its method.
 */
export function useCSRFPreventionInKorean(): Plugin {
  const csrf = useCSRFPrevention({ requestHeaders: PREFLIGHT_HEADERS }) as Plugin;
  return {
    onRequestParse(payload) {
      try {
        return csrf.onRequestParse?.(payload);
      } catch (refusal) {
        throw csrfRefusal(payload.request, refusal);
      }
    },
  };
}
