import { lazy } from 'react';
import type { CreateStoreResponse, Entitlements, Platform } from '@sniff/contracts';
import { creationFailure } from './failures';
import type { CatalogueUpload } from './hooks/useCatalogueUpload';
import type { CustomSite } from './hooks/useCustomSite';
import type { useShopifyOauth } from './hooks/useShopifyOauth';
import type { useSquarespaceConnect } from './hooks/useSquarespaceConnect';
import type { StoreInfo } from './store-info';
import { ConnectSquarespaceStep, type SquarespaceForm } from './steps/ConnectSquarespaceStep';

// Chunks of their own, fetched when the owner gets to step 3 (the page's Suspense shows a spinner meanwhile).
const ConnectCustomStep = lazy(() =>
  import('./steps/ConnectCustomStep').then((m) => ({ default: m.ConnectCustomStep })),
);
const ConnectShopifyStep = lazy(() =>
  import('./steps/ConnectShopifyStep').then((m) => ({ default: m.ConnectShopifyStep })),
);

/**
 * Step 3: the site is connected its platform's way (a custom site's pages, Squarespace's API key,
 * Shopify's OAuth or a CSV catalogue). Each way ends in `onFinish`: the store, or null and why not.
 */
export function ConnectStep({
  platform,
  info,
  entitlements,
  custom,
  squarespace,
  squarespaceForm,
  onSquarespaceForm,
  upload,
  oauth,
  onConnecting,
  onFinish,
}: {
  platform: Platform;
  info: StoreInfo;
  entitlements: Entitlements;
  custom: CustomSite;
  squarespace: ReturnType<typeof useSquarespaceConnect>;
  squarespaceForm: SquarespaceForm;
  onSquarespaceForm: (form: SquarespaceForm) => void;
  upload: CatalogueUpload;
  oauth: ReturnType<typeof useShopifyOauth>;
  /** A connection starts: the page's last error goes. */
  onConnecting: () => void;
  onFinish: (store: CreateStoreResponse | null, failure?: string | null) => void;
}) {
  const connectCustom = async () => {
    onConnecting();
    try {
      onFinish(await custom.create(info));
    } catch (e) {
      onFinish(null, creationFailure(e));
    }
  };

  const connectSquarespace = async () => {
    onConnecting();
    const outcome = await squarespace.connect();
    if (outcome.kind === 'created') onFinish(outcome.created);
    else if (outcome.kind === 'failed') onFinish(null, outcome.message);
  };

  if (platform === 'custom')
    return (
      <ConnectCustomStep
        mainUrl={custom.mainUrl}
        pages={custom.pages}
        selected={custom.selected}
        discovering={custom.discovering}
        discoverError={custom.discoverError}
        isFree={entitlements.isFree}
        maxPages={entitlements.maxCustomPages}
        connecting={custom.creating}
        onToggle={custom.toggle}
        onSelect={custom.select}
        onFindFromSitemap={custom.rediscover}
        onConnect={() => void connectCustom()}
      />
    );
  if (platform === 'squarespace')
    return (
      <ConnectSquarespaceStep
        form={squarespaceForm}
        errors={squarespace.errors}
        connecting={squarespace.connecting}
        onChange={(form) => {
          squarespace.change(form);
          onSquarespaceForm(form);
        }}
        onConnect={() => void connectSquarespace()}
      />
    );
  return (
    <ConnectShopifyStep
      storeName={info.storeName}
      upload={upload}
      oauth={{ ...oauth, start: () => void oauth.start() }}
      onContinue={() => {
        const result = upload.result;
        if (result)
          onFinish({
            store_id: result.store_id,
            platform: 'shopify',
            store_url: result.store_url,
            type: 'store',
            source: 'shopify-csv',
          });
      }}
    />
  );
}
