// The error base of the extension's own code. Each error has a stable `code` and serialises
// through `toJSON()` to the `{ code, message, ...details }` shape that crosses message boundaries.

export interface ErrorJSON {
  code: string;
  message: string;
  [detail: string]: unknown;
}

export class ExtensionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  toJSON(): ErrorJSON {
    return { ...this.details, code: this.code, message: this.message };
  }
}
