/**
 * Where each remote lives (remotes.json): remote name (from the front-end manifest) → manifest
 * URL. The server inlines it into index.html as #remotes-config, saving a round trip; without it
 * the shell fetches /remotes.json.
 */
import { REMOTE_NAMES, type RemoteName } from '@koopjesland/shared/front-ends';

export type { RemoteName };
export type RemotesConfig = Partial<Record<RemoteName, string>>;

function pickRemotes(raw: unknown): RemotesConfig {
  if (!raw || typeof raw !== 'object') throw new Error('remotes.json is not an object');
  const config: RemotesConfig = {};
  for (const name of REMOTE_NAMES) {
    const url = (raw as Record<string, unknown>)[name];
    if (typeof url === 'string' && url) config[name] = url;
  }
  return config;
}

export async function readRemotesConfig(doc: Document = document): Promise<RemotesConfig> {
  const inline = doc.getElementById('remotes-config')?.textContent?.trim();
  if (inline) return pickRemotes(JSON.parse(inline));
  const response = await fetch('/remotes.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  return pickRemotes(await response.json());
}
