/** Only a 2xx counts; redirects are not followed; errors never quote the URL's query, which can carry a secret (GA4's api_secret). */
export class HttpDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HttpDeliveryError';
  }
}

const SHOWN_BODY_CHARS = 200;

export async function postJson(
  url: string,
  body: string,
  options: { headers?: Record<string, string>; signal: AbortSignal },
): Promise<{ status: number; text: string }> {
  const host = new URL(url).host;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Vitrine', ...options.headers },
      body,
      redirect: 'manual',
      signal: options.signal,
    });
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new HttpDeliveryError(`could not reach ${host}: ${cause}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status < 200 || response.status > 299) {
    throw new HttpDeliveryError(`${host} answered HTTP ${response.status}: ${text.slice(0, SHOWN_BODY_CHARS)}`, response.status);
  }
  return { status: response.status, text };
}
