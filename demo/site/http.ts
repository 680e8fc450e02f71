// The demo page's calls to its own server: JSON in and out, the server's `error` (or the status)
// thrown when the answer is not ok.

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(String(json.error ?? response.status));
  return json;
}

export async function getJson(path: string): Promise<Record<string, unknown>> {
  return readJson(await fetch(path));
}

/** POSTs `body` (an empty object when left out) as JSON. */
export async function postJson(path: string, body?: unknown): Promise<Record<string, unknown>> {
  return readJson(
    await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    }),
  );
}
