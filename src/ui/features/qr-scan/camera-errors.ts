// Why the camera could not be opened, as the spec names the cases (part 2 §8 'Camera errors:
// already in use, unsuitable cameras, permission needed, no camera, secure context required,
// stream API not supported'); the dialog shows the matching message and the fallbacks.
export type CameraError =
  | 'alreadyInUse'
  | 'notSuitable'
  | 'needPermission'
  | 'noCamera'
  | 'secureContextRequired'
  | 'streamApiNotSupported';

/** What stops a camera before asking: an insecure page or a browser without getUserMedia. */
export function cameraUnavailable(env: {
  isSecureContext: boolean;
  hasGetUserMedia: boolean;
}): CameraError | null {
  if (!env.isSecureContext) return 'secureContextRequired';
  if (!env.hasGetUserMedia) return 'streamApiNotSupported';
  return null;
}

/** getUserMedia's refusal (a DOMException by name) → the spec's case. */
export function cameraErrorOf(error: unknown): CameraError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'needPermission';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'alreadyInUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'notSuitable';
    case 'TypeError':
      return 'streamApiNotSupported';
    default:
      return 'notSuitable';
  }
}
