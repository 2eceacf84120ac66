import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, useGoTo, usePlans } from '@sniff/shell-sdk';
import { useLazyListStoresQuery } from '@sniff/shell-sdk/shared-data';
import {
  entitlementsFor,
  PLATFORMS,
  shopifyStoreExistsMessage,
  type CreateStoreResponse,
  type Platform,
} from '@sniff/contracts';
import { useCheckShopifyStoreMutation, useCrawlMapMutation, useCreateWebsiteMutation } from '../../shared/api';
import { isNetworkError } from '../../shared/api-error';
import type { WizardPlatform } from './platforms';
import { otherPages } from './pages';
import { hasOauthReturn, readOauthReturn, withoutOauthParams } from './oauth-return';
import { validateStoreInfo, type StoreInfo, type StoreInfoErrors } from './store-info';
import { StepIndicator } from './StepIndicator';
import { WizardDialogs, type DialogState } from './WizardDialogs';
import { useCatalogueUpload } from './hooks/useCatalogueUpload';
import { useShopifyOauth } from './hooks/useShopifyOauth';
import { useSquarespaceConnect } from './hooks/useSquarespaceConnect';
import { PlatformStep } from './steps/PlatformStep';
import { StoreInfoStep } from './steps/StoreInfoStep';
import { ConnectSquarespaceStep, EMPTY_SQUARESPACE_FORM, type SquarespaceForm } from './steps/ConnectSquarespaceStep';
import { Button, Spinner } from '@sniff/ui';

// The page opens on step 1: steps 3 and 4 (the widget studio among them) are chunks of their own,
// fetched when the owner gets there.
const ConnectCustomStep = lazy(() =>
  import('./steps/ConnectCustomStep').then((m) => ({ default: m.ConnectCustomStep })),
);
const ConnectShopifyStep = lazy(() =>
  import('./steps/ConnectShopifyStep').then((m) => ({ default: m.ConnectShopifyStep })),
);
const CreateFailedStep = lazy(() => import('./steps/CreateFailedStep').then((m) => ({ default: m.CreateFailedStep })));
const SetupWidgetStep = lazy(() => import('./steps/SetupWidgetStep').then((m) => ({ default: m.SetupWidgetStep })));

export { validateStoreInfo } from './store-info';

type Busy = null | 'checking' | 'crawling';
export const STORE_CHECK_UNREACHABLE = 'Failed to connect for store check. Try again.';

const EMPTY_INFO: StoreInfo = { storeName: '', storeUrl: '', storeNickname: '' };
const isPlatform = (id: WizardPlatform): id is Platform => (PLATFORMS as readonly string[]).includes(id);

/** /dashboard/create-store: the four-step wizard for custom websites, Squarespace and Shopify. */
export function CreateStorePage() {
  const navigate = useNavigate();
  const goTo = useGoTo();
  const location = useLocation();
  const plans = usePlans();
  const entitlements = entitlementsFor(plans ?? []);
  const [listStores] = useLazyListStoresQuery();
  const [crawlMap, crawlState] = useCrawlMapMutation();
  const [createWebsite, createState] = useCreateWebsiteMutation();
  const [checkShopifyStore] = useCheckShopifyStoreMutation();

  // Back from Shopify by redirect (popups blocked): the result is in the query string.
  const [returned] = useState(() => readOauthReturn(location.search));
  const [step, setStep] = useState(returned ? (returned.kind === 'success' ? 4 : 3) : 1);
  const [platform, setPlatform] = useState<Platform | null>(returned ? 'shopify' : null);
  const [platformError, setPlatformError] = useState<string | null>(null);
  const [info, setInfo] = useState<StoreInfo>(returned?.info ?? EMPTY_INFO);
  const [errors, setErrors] = useState<StoreInfoErrors>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [mainUrl, setMainUrl] = useState('');
  const [pages, setPages] = useState<string[]>([]);
  const [discoverError, setDiscoverError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [squarespaceForm, setSquarespaceForm] = useState<SquarespaceForm>(EMPTY_SQUARESPACE_FORM);
  const [created, setCreated] = useState<CreateStoreResponse | null>(
    returned?.kind === 'success' ? returned.created : null,
  );
  const [createError, setCreateError] = useState<string | null>(null);

  const finish = (store: CreateStoreResponse | null, failure: string | null = null) => {
    setCreated(store);
    setCreateError(store ? null : failure);
    setStep(4);
  };
  const squarespace = useSquarespaceConnect(info, squarespaceForm);
  const upload = useCatalogueUpload(info);
  const oauth = useShopifyOauth({
    info,
    onConnected: (store) => finish(store),
    initialError: returned?.kind === 'error' ? returned.message : null,
  });

  useEffect(() => {
    if (hasOauthReturn(location.search))
      navigate({ pathname: location.pathname, search: withoutOauthParams(location.search) }, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const entitled = (id: Platform) => id === 'custom' || entitlements.platforms.includes(id);

  const choosePlatform = (id: WizardPlatform) => {
    setPlatformError(null);
    // While plans load the choice stands; Next checks it once they are in.
    if (isPlatform(id) && (plans === null || entitled(id))) setPlatform(id);
    else setDialog({ kind: 'upgrade', platform: id });
  };

  const discover = async (url: string) => {
    setMainUrl(url);
    setSelected(new Set());
    try {
      const result = await crawlMap({ url }).unwrap();
      setPages(otherPages(url, result.urls));
      setDiscoverError(null);
    } catch (e) {
      // The flow continues with the main URL alone; the owner sees why nothing was found.
      setPages([]);
      setDiscoverError(errorMessage(e));
    }
  };

  /** Shopify: one store per shop and owner. False (with the message shown) when Next must stop. */
  const shopIsNew = async (url: string): Promise<boolean> => {
    setBusy('checking');
    try {
      const answer = await checkShopifyStore({ store_url: url }).unwrap();
      if (!answer.exists) return true;
      setApiError(shopifyStoreExistsMessage(url, answer.store_id ?? 'unknown'));
    } catch (e) {
      setApiError(isNetworkError(e) ? STORE_CHECK_UNREACHABLE : errorMessage(e));
    }
    return false;
  };

  const next = async () => {
    setApiError(null);
    if (step === 1) {
      if (!platform) return setPlatformError('Please select a platform.');
      if (!entitled(platform)) return setDialog({ kind: 'upgrade', platform });
      return setStep(2);
    }
    if (step === 2 && platform) {
      const { errors: found, url } = validateStoreInfo(info, platform);
      setErrors(found);
      if (!url || Object.keys(found).length) return;
      try {
        if (entitlements.isFree) {
          setBusy('checking');
          const stores = await listStores(undefined, false).unwrap();
          if (stores.length >= entitlements.maxStores) return setDialog({ kind: 'limit' });
        }
        if (platform === 'custom') {
          setBusy('crawling');
          await discover(url);
        } else if (platform === 'shopify' && !(await shopIsNew(url))) {
          return;
        }
        setStep(3);
      } catch (e) {
        setApiError(errorMessage(e));
      } finally {
        setBusy(null);
      }
    }
  };

  const connectCustom = async () => {
    setApiError(null);
    try {
      const result = await createWebsite({
        store_url: mainUrl,
        store_urls: pages.filter((p) => selected.has(p)),
        store_name: info.storeName.trim(),
        store_nickname: info.storeNickname.trim() || undefined,
        platform: 'custom',
        site_type: 'business',
      }).unwrap();
      finish(result);
    } catch (e) {
      finish(null, errorMessage(e));
    }
  };

  const connectSquarespace = async () => {
    setApiError(null);
    const outcome = await squarespace.connect();
    if (outcome.kind === 'created') finish(outcome.created);
    else if (outcome.kind === 'failed') finish(null, outcome.message);
  };

  const changeInfo = (nextInfo: StoreInfo) => {
    // A field's error goes once the owner edits it.
    setErrors((prev) => {
      const kept: StoreInfoErrors = {};
      for (const key of Object.keys(prev) as (keyof StoreInfo)[])
        if (nextInfo[key] === info[key]) kept[key] = prev[key];
      return kept;
    });
    setInfo(nextInfo);
  };

  const waitingForPlans = plans === null && ((step === 1 && platform !== null && platform !== 'custom') || step === 2);
  const nextLabel = waitingForPlans
    ? 'Processing...'
    : busy === 'checking'
      ? 'Checking store...'
      : busy === 'crawling'
        ? 'Loading info...'
        : 'Next';
  const needsUrl = platform !== 'shopify';
  const nextDisabled =
    busy !== null || waitingForPlans || (step === 2 && (!info.storeName || (needsUrl && !info.storeUrl)));
  const stepBusy =
    busy !== null ||
    createState.isLoading ||
    squarespace.connecting ||
    upload.state === 'uploading' ||
    upload.state === 'success' ||
    oauth.state !== 'idle';

  return (
    <div className="wizard">
      <StepIndicator step={step} />
      {apiError && (
        <p role="alert" className="sniff-error">
          {apiError}
        </p>
      )}

      {step === 1 && (
        <PlatformStep
          selected={platform}
          isFree={entitlements.isFree}
          error={platformError}
          onChoose={choosePlatform}
        />
      )}
      <Suspense fallback={<Spinner label="Loading the next step" />}>
        {step === 2 && platform && (
          <StoreInfoStep platform={platform} info={info} errors={errors} onChange={changeInfo} />
        )}
        {step === 3 && platform === 'custom' && (
          <ConnectCustomStep
            mainUrl={mainUrl}
            pages={pages}
            selected={selected}
            discovering={crawlState.isLoading}
            discoverError={discoverError}
            isFree={entitlements.isFree}
            maxPages={entitlements.maxCustomPages}
            connecting={createState.isLoading}
            onToggle={(url) => {
              const nextSet = new Set(selected);
              if (nextSet.has(url)) nextSet.delete(url);
              else nextSet.add(url);
              setSelected(nextSet);
            }}
            onSelect={(urls) => setSelected(new Set(urls))}
            onConnect={() => void connectCustom()}
          />
        )}
        {step === 3 && platform === 'squarespace' && (
          <ConnectSquarespaceStep
            form={squarespaceForm}
            errors={squarespace.errors}
            connecting={squarespace.connecting}
            onChange={(form) => {
              squarespace.change(form);
              setSquarespaceForm(form);
            }}
            onConnect={() => void connectSquarespace()}
          />
        )}
        {step === 3 && platform === 'shopify' && (
          <ConnectShopifyStep
            storeName={info.storeName}
            upload={upload}
            oauth={{ ...oauth, start: () => void oauth.start() }}
            onContinue={() => {
              const result = upload.result;
              if (result)
                finish({
                  store_id: result.store_id,
                  platform: 'shopify',
                  store_url: result.store_url,
                  type: 'store',
                  source: 'shopify-csv',
                });
            }}
          />
        )}
        {step === 4 && created && (
          <SetupWidgetStep
            created={created}
            isFree={entitlements.isFree}
            plan={{ sizes: entitlements.sizes, customPlaceholder: entitlements.customPlaceholder }}
          />
        )}
        {step === 4 && !created && <CreateFailedStep reason={createError} onRetry={() => setStep(3)} />}
      </Suspense>

      <div className="wizard-nav">
        <Button
          variant="secondary"
          disabled={step === 1 || (step === 4 && !!created) || stepBusy}
          onClick={() => setStep(step - 1)}
        >
          Back
        </Button>
        {step < 3 && (
          <Button disabled={nextDisabled} onClick={() => void next()}>
            {nextLabel}
          </Button>
        )}
        {step === 4 && created && <Button onClick={() => goTo('stores.manage')}>Complete Setup</Button>}
      </div>

      <WizardDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
