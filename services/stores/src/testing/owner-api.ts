import { asOwner } from '@sniff/service-kit/testing';

/** Polls `probe` every 200 ms until it gives a value, or fails naming `what`. */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 45_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The dashboard's calls to the stores service as the gateway forwards them for `owner`: a verified
 * identity, and the owner's e-mail in the body as the spec's payloads carry it.
 */
export function ownerApi(storesUrl: () => string) {
  const post = (path: string, owner: string, body: object) =>
    fetch(`${storesUrl()}${path}`, {
      method: 'POST',
      headers: asOwner(owner),
      body: JSON.stringify({ email: `${owner}@example.com`, ...body }),
    });
  const list = async <S extends { id: string }>(owner: string) =>
    (await (await post('/managestores/list-stores', owner, {})).json()) as S[];
  return { post, list };
}
