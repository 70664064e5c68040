/**
 * The router basename from the document's base URL: the static server injects
 * `<base href="/">` or `<base href="/v5.0.2/">` depending on the path the app was opened under.
 */
export function basenameFromBaseUri(baseUri: string): string {
  const path = new URL(baseUri).pathname;
  const directory = path.endsWith('/') ? path : path.slice(0, path.lastIndexOf('/') + 1);
  return directory === '/' ? '/' : directory.replace(/\/$/, '');
}
