// The one error base of the repository, in the style of viem's BaseError. Each class names its
// stable `code` once, as a static (readable without an instance); the instance getter returns it.
// `message` is what people read (`shortMessage` the same sentence without appended context),
// `details` structured facts for code, and `toJSON()`
// gives the one shape every error crosses a message boundary in. A leaf: it imports nothing.

export interface EncoreErrorJSON<C extends string | number = string> {
  name: string;
  code: C;
  message: string;
  shortMessage: string;
  details?: Readonly<Record<string, unknown>>;
  data?: unknown;
}

export interface EncoreErrorOptions {
  cause?: unknown;
  /** Structured, serialisable facts for code (a status, a reason, a field name). */
  details?: Readonly<Record<string, unknown>>;
  /** Extra data for the receiving side (as JSON-RPC's `error.data`). */
  data?: unknown;
}

/**
 * Codes are strings (domain codes such as `ACCOUNT_NOT_FOUND`) except on the wire errors of
 * EIP-1193, whose codes are the numbers pages inspect (4001, -32602, ...).
 */
export abstract class EncoreError<C extends string | number = string> extends Error {
  /** The class's stable code; a class whose code depends on the instance overrides the getter. */
  static readonly code: string | number = 'UNKNOWN';
  readonly shortMessage: string;
  readonly details?: Readonly<Record<string, unknown>>;
  readonly data?: unknown;

  constructor(message: string, options: EncoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // Classes that must keep their name in minified bundles declare it explicitly.
    this.name = new.target.name;
    this.shortMessage = message;
    if (options.details !== undefined) this.details = options.details;
    if (options.data !== undefined) this.data = options.data;
  }

  get code(): C {
    return (this.constructor as unknown as { code: C }).code;
  }

  toJSON(): EncoreErrorJSON<C> {
    const json: EncoreErrorJSON<C> = {
      name: this.name,
      code: this.code,
      message: this.message,
      shortMessage: this.shortMessage,
    };
    if (this.details !== undefined) json.details = this.details;
    if (this.data !== undefined) json.data = this.data;
    return json;
  }
}

/**
 * An error about one field of what a site or a person sent: `field` names it (`chainId`,
 * `rules[1].type`), `problem` says what is wrong with it (`is not a number`), and the message is
 * the two together. Each area's class names its own code and name.
 */
export abstract class FieldError<C extends string = string> extends EncoreError<C> {
  readonly field: string;
  readonly problem: string;

  constructor(field: string, problem: string, options: { cause?: unknown } = {}) {
    super(`${field} ${problem}`, { details: { field, problem }, ...options });
    this.field = field;
    this.problem = problem;
  }
}
