// HTTP errors with a JSON body `{ error }`, and validation messages that name the field.
import type { FastifySchemaValidationError } from 'fastify';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** `/a/0/b` → `a[0].b`, so messages read like the client's own property paths. */
function fieldPath(dataVar: string, instancePath: string, child?: string): string {
  let path = dataVar;
  for (const part of instancePath.split('/').slice(1))
    path += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  return child === undefined ? path : `${path}.${child}`;
}

/** One message for the first failed rule, e.g. "body.public_address is required". */
export function formatValidationError(
  errors: FastifySchemaValidationError[],
  dataVar: string,
): Error {
  const first = errors[0];
  if (!first) return badRequest(`${dataVar} is invalid`);
  const params = first.params;
  let message: string;
  if (first.keyword === 'required') {
    message = `${fieldPath(dataVar, first.instancePath, String(params.missingProperty))} is required`;
  } else if (first.keyword === 'additionalProperties') {
    message = `${fieldPath(dataVar, first.instancePath, String(params.additionalProperty))} is not allowed`;
  } else if (first.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    message = `${fieldPath(dataVar, first.instancePath)} must be one of: ${params.allowedValues.join(', ')}`;
  } else {
    message = `${fieldPath(dataVar, first.instancePath)} ${first.message ?? 'is invalid'}`;
  }
  const error = badRequest(message);
  return Object.assign(error, { validation: errors });
}
