/**
 * Failures with stable codes. Each concern keeps its codes next to its message texts in its own
 * `errors.ts` (keyring/errors.ts, network/errors.ts, backend/errors.ts…); a code reads
 * `<concern>.<reason>`, e.g. 'keyring.incorrectPassword'. The message stays the spec's text
 * where the spec has one. A failed action crosses to the views as `{ code, message, data }`
 * with this `data` (its `code` and any context), so views and tests match on `data.code`,
 * never on the text.
 */

/** What a coded failure carries: its code and, for some, context such as the failed operation. */
export interface CodedErrorData<Code extends string = string> {
  readonly code: Code;
}

export class CodedError<Data extends CodedErrorData = CodedErrorData> extends Error {
  readonly data: Data;

  constructor(data: Data, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CodedError';
    this.data = data;
  }
}
