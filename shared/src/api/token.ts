/**
 * Where the API client finds the bearer token. The auth store registers itself here so the
 * client does not import the store (no cycle) and both stay singletons.
 */
let tokenSource: () => string | null = () => null;

export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

export function currentToken(): string | null {
  return tokenSource();
}
