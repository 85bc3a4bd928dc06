/**
 * An RPC URL safe to log or put in an error: scheme, host and port only. Credentials live in the
 * user info, and providers put API keys in the path or query, so both are replaced by `/…`.
 * @param url - the configured URL
 * @returns e.g. `https://mainnet.example.com/…`
 */
export function redactRpcUrl(url: string): string {
  try {
    const parsed = new URL(url)
    const hidden = (parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' || parsed.username !== '' || parsed.password !== ''
    return `${parsed.protocol}//${parsed.host}${hidden ? '/…' : '/'}`
  } catch {
    return '(invalid URL)'
  }
}
