// @encore-wallet/core/password-policy: the checks sign-up applies, for a form to run as one types.

export type { InvalidUsernameReason, WeakPasswordReason } from '../errors.ts';
export {
  checkPassword,
  checkUsername,
  MIN_PASSWORD_LENGTH,
  type PasswordCheck,
  type UsernameCheck,
} from '../password-policy.ts';
