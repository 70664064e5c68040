import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { rpcErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { invalidParams } from './rpc-context';

/**
 * Limits on what a dapp may send, checked before any middleware reads the request. Later code
 * (validators, the node client's cache key, JSON encoding, immer) walks params recursively, so
 * deep nesting would overflow the stack there; size limits keep one request from holding the
 * engine's memory or CPU.
 */
export const REQUEST_LIMITS = {
  /** Arrays and objects inside each other; typed data and state overrides need about ten. */
  maxDepth: 64,
  /** About the JSON size of the params (a raw blob transaction with nine blobs is ~2.4 MB). */
  maxSize: 4 * 1024 * 1024,
  maxMethodLength: 128,
} as const;

/** One walk's running size and the containers still to walk, each with its depth. */
type Walk = { size: number; pending: [container: object, depth: number][] };

/**
 * Counts one value of a walk; containers are queued, other values counted where they are met.
 * A module-level function, not a closure made per request: every dapp request is walked.
 */
function visit(walk: Walk, value: unknown, depth: number): string | undefined {
  const { maxDepth, maxSize } = REQUEST_LIMITS;
  walk.size += 1;
  if (typeof value === 'string') walk.size += value.length;
  else if (typeof value === 'object' && value !== null) {
    if (!Array.isArray(value)) {
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        return 'params may hold only JSON values (plain objects and arrays).';
      }
    }
    if (depth >= maxDepth) return `params are nested deeper than ${maxDepth} levels.`;
    walk.pending.push([value, depth]);
  } else if (
    typeof value === 'bigint' ||
    typeof value === 'function' ||
    typeof value === 'symbol'
  ) {
    return `params may hold only JSON values, not a ${typeof value}.`;
  }
  // numbers, booleans, null and undefined (dropped by JSON, as callers expect) count as one.
  return walk.size > maxSize ? `params are larger than ${maxSize} bytes.` : undefined;
}

/** Why `params` breaks a limit or is not JSON, or undefined when it is fine. Never recurses. */
export function paramsProblem(params: unknown): string | undefined {
  const walk: Walk = { size: 0, pending: [] };
  let problem = visit(walk, params, 0);
  for (let next = walk.pending.pop(); next && !problem; next = walk.pending.pop()) {
    const [container, depth] = next;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length && !problem; i += 1) {
        problem = visit(walk, container[i], depth + 1);
      }
    } else {
      for (const key in container) {
        if (!Object.hasOwn(container, key)) continue;
        walk.size += key.length;
        problem = visit(walk, (container as Record<string, unknown>)[key], depth + 1);
        if (problem) break;
      }
    }
  }
  return problem;
}

/**
 * Refuses, before anything else reads them, requests whose params are too deep, too large or not
 * JSON (-32602), and absurdly long method names (-32600).
 */
export function createRequestLimitsMiddleware(): JsonRpcMiddleware<JsonRpcParams, Json> {
  return (req, _res, next, end) => {
    if (req.method.length > REQUEST_LIMITS.maxMethodLength) {
      end(
        rpcErrors.invalidRequest({
          message: `'method' is longer than ${REQUEST_LIMITS.maxMethodLength} characters.`,
        }),
      );
      return;
    }
    const problem = paramsProblem(req.params);
    if (problem) {
      end(invalidParams(`Invalid params: ${problem}`));
      return;
    }
    next();
  };
}
