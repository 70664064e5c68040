// Reads the spec's user info (verifierId, name, email, profileImage) out of a provider's claims
// or user-info answer, following the provider's profile mapping.
import type { SocialVerifier, VerifiedIdentity } from '../../shared/api';
import { HttpError } from '../errors';
import type { ProfileField, ProfileMapping } from './providers';

/** A dot path's value as text; '' when it is missing or not a string or number. */
function atPath(source: unknown, path: string): string {
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** A path, or a template whose every {path} must resolve. */
function single(source: unknown, field: string): string {
  if (!field.includes('{')) return atPath(source, field);
  let complete = true;
  const text = field.replace(/\{([^{}]+)\}/g, (_match, path: string) => {
    const value = atPath(source, path);
    if (!value) complete = false;
    return encodeURIComponent(value);
  });
  return complete ? text : '';
}

export function readField(source: unknown, field: ProfileField): string {
  for (const candidate of typeof field === 'string' ? [field] : field) {
    const value = single(source, candidate);
    if (value) return value;
  }
  return '';
}

export function readIdentity(
  verifier: SocialVerifier,
  source: unknown,
  mapping: ProfileMapping,
  verifierIdCaseSensitive: boolean,
): VerifiedIdentity {
  const id = readField(source, mapping.verifierId);
  if (!id) throw new HttpError(502, `${verifier} gave no user id (${String(mapping.verifierId)})`);
  return {
    verifier,
    typeOfLogin: verifier,
    verifierId: verifierIdCaseSensitive ? id : id.toLowerCase(),
    name: readField(source, mapping.name),
    email: readField(source, mapping.email),
    profileImage: readField(source, mapping.profileImage),
  };
}
