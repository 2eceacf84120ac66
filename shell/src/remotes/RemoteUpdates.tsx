import { useContext, useEffect } from 'react';
import { useAuth0 } from '@auth0/auth0-react';
import { useLocation } from 'react-router-dom';
import { parseRemotesManifest, type RemotesManifest } from '../shared/config';
import { RemoteLoaderContext } from './RemotePage';

/** /remotes.json as the gateway answers this owner (their canary share); null when it cannot be read. */
async function ownManifest(token: () => Promise<string>): Promise<RemotesManifest | null> {
  try {
    const res = await fetch('/remotes.json', {
      cache: 'no-store',
      headers: { authorization: `Bearer ${await token()}` },
    });
    if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
    return parseRemotesManifest(await res.json());
  } catch (error) {
    console.warn('[sniff] the remotes could not be checked for a newer version; going on with these', error);
    return null;
  }
}

/**
 * Reads /remotes.json again on every navigation of a signed-in owner, so a version the registry switched, a
 * canary or a rollback reaches an open dashboard on its next navigation. A remote whose code already runs in
 * this page reloads the page (at the address just navigated to).
 */
export function RemoteUpdates() {
  const load = useContext(RemoteLoaderContext);
  const { isAuthenticated, getAccessTokenSilently } = useAuth0();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!isAuthenticated || !load.update) return;
    void ownManifest(() => getAccessTokenSilently()).then((manifest) => {
      if (load.update?.(manifest) === 'reload') window.location.reload();
    });
  }, [load, isAuthenticated, getAccessTokenSilently, pathname]);
  return null;
}
