// Unicode forms to try at login. Sign-up stores NFC, but legacy Hedgehog records hold whatever
// the keyboard produced (macOS often yields NFD), so login tries as typed, then NFC, then NFD.

export interface Credentials {
  username: string;
  password: string;
}

export function loginForms(username: string, password: string): Credentials[] {
  const forms: Credentials[] = [];
  const seen = new Set<string>();
  for (const form of [undefined, 'NFC', 'NFD'] as const) {
    const u = form ? username.normalize(form) : username;
    const p = form ? password.normalize(form) : password;
    // The lookup key lowercases the username, so dedupe on that to avoid a wasted scrypt.
    const id = `${u.toLowerCase()}\u0000${p}`;
    if (seen.has(id)) continue;
    seen.add(id);
    forms.push({ username: u, password: p });
  }
  return forms;
}
