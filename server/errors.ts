// Errors the server raises itself (bad configuration); request errors are HTTP answers instead.

export type ServerErrorCode = 'SERVER_CONFIG';

export class ServerConfigError extends Error {
  readonly code: ServerErrorCode = 'SERVER_CONFIG';

  constructor(message: string) {
    super(message);
    this.name = 'ServerConfigError';
  }

  toJSON(): { name: string; code: ServerErrorCode; message: string } {
    return { name: this.name, code: this.code, message: this.message };
  }
}
