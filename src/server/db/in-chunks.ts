const CHUNK = 500;

/** The ids `read` returns for `ids` asked 500 at a time (far under either database's limit of parameters), as one set. */
export async function idsInChunks(ids: readonly string[], read: (chunk: string[]) => Promise<string[]>): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += CHUNK) for (const id of await read(ids.slice(start, start + CHUNK))) found.add(id);
  return found;
}
