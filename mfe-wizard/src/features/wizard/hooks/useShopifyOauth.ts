import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, usePlatform } from '@sniff/shell-sdk';
import { useInvalidateShared } from '@sniff/shell-sdk/shared-data';
import { shopifyConnectionFailed, shopifyOauthMessageSchema, type CreateStoreResponse } from '@sniff/contracts';
import { useConnectShopifyMutation } from '../../../shared/api';
import { browser } from '../browser';
import type { StoreInfo } from '../store-info';

export const OAUTH_WINDOW_NAME = 'sniff-shopify-oauth';
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 700;
export const POPUP_POLL_MS = 500;
export const POPUP_CLOSED = 'the Shopify window was closed before the connection finished.';

export type OauthState = 'idle' | 'starting' | 'waiting';

/** window.open's features for a 500x700 popup centred on the dashboard window. */
export function popupFeatures(win: Window = window): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2));
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/** The origin the API (and so Shopify's callback page) answers from: apiBaseUrl may be relative ("/api"). */
export function apiOriginOf(apiBaseUrl: string, href: string = window.location.href): string {
  return new URL(apiBaseUrl, href).origin;
}

/**
 * "Connect with Shopify": asks the API for Shopify's authorize URL, opens it in a popup (or goes there
 * when popups are blocked: the result then comes back as redirect parameters), and waits for the
 * callback page's message. Only a message from the API's origin in the contract's shape counts;
 * anything else posted to this window is ignored.
 */
export function useShopifyOauth({
  info,
  onConnected,
  initialError = null,
}: {
  info: StoreInfo;
  onConnected: (created: CreateStoreResponse) => void;
  /** An error the redirect fallback brought back (oauth_error). */
  initialError?: string | null;
}) {
  const platform = usePlatform();
  const [connect] = useConnectShopifyMutation();
  const invalidateShared = useInvalidateShared();
  const [state, setState] = useState<OauthState>('idle');
  const [error, setError] = useState<string | null>(initialError);
  const popup = useRef<Window | null>(null);
  const connected = useRef(onConnected);
  useEffect(() => {
    connected.current = onConnected;
  });
  const apiOrigin = apiOriginOf(platform.apiBaseUrl);

  const stop = useCallback((close: boolean) => {
    if (close) {
      try {
        popup.current?.close();
      } catch {
        // a window of another origin may refuse; it is no longer ours to wait for
      }
    }
    popup.current = null;
    setState('idle');
  }, []);

  useEffect(() => {
    if (state !== 'waiting') return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== apiOrigin) return;
      const parsed = shopifyOauthMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      stop(true);
      if (message.success) {
        // The callback created the store: the dashboard's store list asks again.
        invalidateShared('Stores');
        connected.current({
          store_id: message.store_id,
          platform: 'shopify',
          store_url: message.store_url_from_callback,
          type: 'store',
          source: 'shopify-oauth',
        });
      } else {
        setError(shopifyConnectionFailed(message.error));
      }
    };
    const poll = setInterval(() => {
      if (popup.current && !popup.current.closed) return;
      stop(false);
      setError(shopifyConnectionFailed(POPUP_CLOSED));
    }, POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
    };
  }, [state, apiOrigin, stop, invalidateShared]);

  // Leaving the wizard closes a popup still waiting.
  useEffect(() => () => popup.current?.close(), []);

  const start = async () => {
    if (state !== 'idle') return;
    setError(null);
    setState('starting');
    let authorizeUrl: string;
    try {
      const answer = await connect({
        store_name: info.storeName.trim(),
        store_nickname: info.storeNickname.trim() || undefined,
        store_url: info.storeName.trim(),
        client_origin: window.location.origin,
      }).unwrap();
      authorizeUrl = answer.authorize_url;
    } catch (e) {
      setState('idle');
      setError(shopifyConnectionFailed(errorMessage(e)));
      return;
    }
    const opened = browser.open(authorizeUrl, OAUTH_WINDOW_NAME, popupFeatures());
    if (!opened) {
      // Popups blocked: go to Shopify in this window; the callback sends the owner back with parameters.
      browser.assign(authorizeUrl);
      return;
    }
    popup.current = opened;
    setState('waiting');
  };

  const cancel = () => stop(true);

  return { state, error, start, cancel };
}
