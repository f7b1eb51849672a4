// The server's HTTP API (same origin). Every error the server sends is {"error": "..."}:
// these helpers turn it into a thrown Error carrying that text, so the panels can show it.

/** Reads the error text of a failed response, whatever its body is. */
async function errorOf(response) {
  let text = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.error) text = body.error;
  } catch { /* not JSON: keep the status line */ }
  return new Error(text);
}

/**
 * GETs an NDJSON stream and calls onObject for every line as it arrives, so a long trace
 * can be shown while it is still loading. onChunk runs after each network chunk.
 */
export async function streamNdjson(url, onObject, { signal, onChunk } = {}) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw await errorOf(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) if (line) onObject(JSON.parse(line));
      onChunk?.();
    }
    if (pending.trim()) onObject(JSON.parse(pending));
    onChunk?.();
  } catch (error) {
    reader.cancel().catch(() => {}); // a line we could not use: stop the download too
    throw error;
  }
}

/** GETs a whole NDJSON answer as an array of objects. */
export async function getNdjson(url, signal) {
  const objects = [];
  await streamNdjson(url, (o) => objects.push(o), { signal });
  return objects;
}

/** GETs a JSON answer. */
export async function getJson(url, signal) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw await errorOf(response);
  return response.json();
}

/** POSTs a JSON body and returns the JSON answer. */
export async function postJson(url, body, signal) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  return response.json();
}

/** True for the error a fetch throws when its AbortController was used: not worth reporting. */
export function isAbort(error) {
  return error?.name === 'AbortError';
}
