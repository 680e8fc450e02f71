import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A username no other test (or earlier run against the same backend) has used. */
export function uniqueUsername(prefix = 'listener'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}`;
}

/** Long and uncommon, so the sign-up policy accepts it. */
export const PASSWORD = 'violet tram plays 7 encores';

/** Fills the popup's sign-up form and waits for the wallet view; returns the address shown. */
export async function signUp(popup: Page, username: string, password = PASSWORD): Promise<string> {
  await popup.getByTestId('show-signup').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(password);
  // The repeat field, where the build has one (the update test signs up on the previous release,
  // whose form asks once); the sign-up form is drawn whole, so a count once it shows is final.
  await popup.getByTestId('signup-submit').waitFor();
  const repeat = popup.getByTestId('password-repeat');
  if ((await repeat.count()) > 0) await repeat.fill(password);
  await popup.getByTestId('signup-submit').click();
  return readAddress(popup);
}

/** Fills the popup's log-in form and waits for the wallet view; returns the address shown. */
export async function logIn(popup: Page, username: string, password = PASSWORD): Promise<string> {
  await popup.getByTestId('show-login').click();
  await popup.getByTestId('username').fill(username);
  await popup.getByTestId('password').fill(password);
  await popup.getByTestId('login-submit').click();
  return readAddress(popup);
}

async function readAddress(popup: Page): Promise<string> {
  const address = popup.getByTestId('address');
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/, { timeout: 30_000 });
  return (await address.textContent()) ?? '';
}
