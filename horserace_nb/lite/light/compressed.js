// @ts-check
// The light page's worker fetches Pyodide's big files compressed (classroom/gz/NAME.gz, written
// when the site is built: classroom_page.compressed_copies) from a host that sends files as
// they are, and decompresses them as they come. Python decides which files; this applies it.

/**
 * Wrap the worker's fetch: a request (without an integrity check) for one of the *compressed*
 * files of *index* fetches its copy in *folder* instead; if the copy cannot be had, the original.
 * @param {string} index the URL of static/pyodide/
 * @param {string} folder the URL of the folder of the copies (ending in "/")
 * @param {Record<string, string>} compressed file name → the type of its response
 */
export function fetchCompressed(index, folder, compressed) {
  /** @type {Map<string, {copy: string, type: string}>} */
  const copies = new Map();
  for (const [name, type] of Object.entries(compressed || {})) {
    copies.set(new URL(name, index).href, { copy: new URL(name + ".gz", folder).href, type });
  }
  if (copies.size === 0 || typeof DecompressionStream === "undefined") return;
  const original = globalThis.fetch.bind(globalThis);
  /**
   * @param {RequestInfo | URL} input
   * @param {RequestInit} [init]
   * @returns {Promise<Response>}
   */
  async function fetchMaybeCompressed(input, init) {
    const url = input instanceof Request ? input.url : String(input);
    const found = copies.get(new URL(url, self.location.href).href);
    if (!found || (init && init.integrity)) return original(input, init);
    const response = await original(found.copy);
    if (!response.ok || response.body === null) {
      console.warn(`horserace_nb light page: ${found.copy} HTTP ${response.status}; ` +
                   "fetching the file uncompressed");
      return original(input, init);
    }
    return new Response(response.body.pipeThrough(new DecompressionStream("gzip")),
                        { headers: { "Content-Type": found.type } });
  }
  globalThis.fetch = fetchMaybeCompressed;
}
