// Constants shared by the policy and the filter build script.
export const MIN_PASSWORD_LENGTH = 8;
export const USERNAME_SEPARATOR = ':::';
