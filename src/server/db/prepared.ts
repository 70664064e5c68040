// Named (server-side prepared) statements for the hottest reads. PostgreSQL parses and plans an
// unnamed statement on every execution; for GET /user's one-statement record that was most of
// the database's work per request. A statement whose SQL starts with the marker `namedStatement`
// writes goes to PostgreSQL as a named statement instead: parsed and planned once per pooled connection.
// Mark only statements whose result columns never change (one json or text column, say): a
// migration that changes a prepared statement's result type would fail it on running instances.
import pg from 'pg';

const MARKER = /^\/\* prepared:([a-z][a-z0-9_]*) \*\//u;

/** The SQL `text` marked to run as the named statement `name` (`$1`... parameters). */
export function namedStatement(name: string, text: string): string {
  if (!/^[a-z][a-z0-9_]*$/u.test(name)) throw new Error(`Bad prepared statement name ${name}`);
  return `/* prepared:${name} */ ${text}`;
}

/** A pg client (for pg.Pool's `Client` option) that runs marked statements as named ones. */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // kysely calls query(text, values) and awaits the promise; anything else passes unchanged.
    this.query = ((text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? MARKER.exec(text)?.[1] : undefined;
      if (name === undefined || rest.length !== 1 || !Array.isArray(rest[0]))
        return query(text, ...rest);
      return query({ name, text, values: rest[0] });
    }) as pg.Client['query'];
  }
}
