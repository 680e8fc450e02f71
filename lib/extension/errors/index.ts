// Errors shared by every folder of the extension: the base class and the schema failure.

export type { ErrorCode, PageErrorCode } from './codes.ts';
export { type ErrorJSON, ExtensionError, type ExtensionErrorCode } from './extension-error.ts';
export { InvalidInputError } from './invalid-input.ts';
export { LoginInProgressError } from './login-in-progress.ts';
