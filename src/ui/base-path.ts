/**
 * The router basename from the document's base URL: the static server injects
 * `<base href="/">` or `<base href="/v5.0.2/">` depending on the path the app was opened under.
 * The trailing slash is kept, so the login screen's URL is `/v5.0.2/` (the server's canonical
 * form), not `/v5.0.2`.
 */
export function basenameFromBaseUri(baseUri: string): string {
  const path = new URL(baseUri).pathname;
  return path.endsWith('/') ? path : path.slice(0, path.lastIndexOf('/') + 1);
}
