// Forms to try at login. Sign-up stores trimmed NFC, but legacy Hedgehog records hold whatever
// the keyboard produced: NFD (macOS often yields it) and surrounding spaces (Hedgehog never trimmed;
// autocomplete adds them). Login tries the trimmed username as typed, then NFC, then NFD, and last
// — only when the typed username had surrounding spaces — the untrimmed forms.

export interface Credentials {
  username: string;
  password: string;
}

export function loginForms(username: string, password: string): Credentials[] {
  const forms: Credentials[] = [];
  const seen = new Set<string>();
  for (const name of new Set([username.trim(), username])) {
    for (const form of [undefined, 'NFC', 'NFD'] as const) {
      const u = form ? name.normalize(form) : name;
      const p = form ? password.normalize(form) : password;
      // The lookup key lowercases the username, so dedupe on that to avoid a wasted scrypt.
      const id = `${u.toLowerCase()}\u0000${p}`;
      if (seen.has(id)) continue;
      seen.add(id);
      forms.push({ username: u, password: p });
    }
  }
  return forms;
}
