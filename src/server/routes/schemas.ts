// JSON schema pieces shared by the route modules.
import { ADDRESS_PATTERN } from '../auth/authenticate';

export const address = { type: 'string', pattern: ADDRESS_PATTERN } as const;
export const shortText = { type: 'string', minLength: 1, maxLength: 200 } as const;
export const longText = { type: 'string', maxLength: 2000 } as const;
export const currencyCode = { type: 'string', pattern: '^[A-Za-z]{2,10}$' } as const;
export const httpUrl = { type: 'string', maxLength: 2000, pattern: '^https?://[^\\s]+$' } as const;
/** A chain id as 0x-hex or decimal text. */
export const chainId = { type: 'string', pattern: '^(0x[0-9a-fA-F]{1,16}|[0-9]{1,20})$' } as const;

/** `{ id }` path parameter: a positive integer. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export function objectBody(
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
) {
  return { type: 'object', required, additionalProperties: false, properties } as const;
}
