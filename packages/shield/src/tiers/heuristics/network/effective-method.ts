/** Methods that send a body the server stores or acts on. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** The method the server acts on: an override header wins over the request line. */
export function effectiveMethod(payload: Readonly<Record<string, unknown>>): string | undefined {
  const headers = payload['headers'];
  if (headers !== null && typeof headers === 'object' && !Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers))
      if (/^x-(?:http-)?method-override$/iu.test(name) && typeof value === 'string')
        return value.trim().toUpperCase();
  }
  const method = payload['method'];
  return typeof method === 'string' ? method.trim().toUpperCase() : undefined;
}
