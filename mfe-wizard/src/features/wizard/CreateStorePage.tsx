import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, usePlans } from '@sniff/shell-sdk';
import { entitlementsFor, websiteUrlSchema, type CreateStoreResponse } from '@sniff/contracts';
import { useCrawlMapMutation, useCreateWebsiteMutation, useLazyListStoresQuery } from '../../shared/api';
import { Dialog } from '../../shared/ui/Dialog';
import { PLATFORM_TILES, type WizardPlatform } from './platforms';
import { otherPages } from './pages';
import { StepIndicator } from './StepIndicator';
import { PlatformStep } from './steps/PlatformStep';
import { StoreInfoStep, type StoreInfo, type StoreInfoErrors } from './steps/StoreInfoStep';
import { ConnectCustomStep } from './steps/ConnectCustomStep';
import { SetupWidgetStep } from './steps/SetupWidgetStep';

type DialogState = { kind: 'upgrade'; platform: WizardPlatform } | { kind: 'limit' } | null;
type Busy = null | 'checking' | 'crawling';

export function validateStoreInfo(info: StoreInfo): { errors: StoreInfoErrors; url?: string } {
  const errors: StoreInfoErrors = {};
  if (!info.storeName.trim()) errors.storeName = 'Store name is required.';
  const url = websiteUrlSchema.safeParse(info.storeUrl);
  if (!url.success) errors.storeUrl = url.error.issues[0]?.message ?? 'Invalid URL format for website.';
  return { errors, url: url.success ? url.data : undefined };
}

/** /dashboard/create-store: the four-step wizard (custom websites in this slice). */
export function CreateStorePage() {
  const navigate = useNavigate();
  const plans = usePlans();
  const entitlements = entitlementsFor(plans ?? []);
  const [listStores] = useLazyListStoresQuery();
  const [crawlMap, crawlState] = useCrawlMapMutation();
  const [createWebsite, createState] = useCreateWebsiteMutation();

  const [step, setStep] = useState(1);
  const [platform, setPlatform] = useState<WizardPlatform | null>(null);
  const [platformError, setPlatformError] = useState<string | null>(null);
  const [info, setInfo] = useState<StoreInfo>({ storeName: '', storeUrl: '', storeNickname: '' });
  const [errors, setErrors] = useState<StoreInfoErrors>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [mainUrl, setMainUrl] = useState('');
  const [pages, setPages] = useState<string[]>([]);
  const [discoverError, setDiscoverError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [created, setCreated] = useState<CreateStoreResponse | null>(null);

  const choosePlatform = (id: WizardPlatform) => {
    setPlatformError(null);
    if (id === 'custom') setPlatform('custom');
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

  const next = async () => {
    setApiError(null);
    if (step === 1) {
      if (!platform) return setPlatformError('Please select a platform.');
      return setStep(2);
    }
    if (step === 2) {
      const { errors: found, url } = validateStoreInfo(info);
      setErrors(found);
      if (!url || Object.keys(found).length) return;
      try {
        if (entitlements.isFree) {
          setBusy('checking');
          const stores = await listStores(undefined, false).unwrap();
          if (stores.length >= entitlements.maxStores) return setDialog({ kind: 'limit' });
        }
        setBusy('crawling');
        await discover(url);
        setStep(3);
      } catch (e) {
        setApiError(errorMessage(e));
      } finally {
        setBusy(null);
      }
    }
  };

  const connect = async () => {
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
      setCreated(result);
    } catch {
      setCreated(null);
    }
    setStep(4);
  };

  const nextLabel =
    plans === null && step === 2
      ? 'Processing...'
      : busy === 'checking'
        ? 'Checking store...'
        : busy === 'crawling'
          ? 'Loading info...'
          : 'Next';
  const nextDisabled = busy !== null || (step === 2 && (plans === null || !info.storeName || !info.storeUrl));
  const tileName = (id: WizardPlatform) => PLATFORM_TILES.find((t) => t.id === id)?.name ?? id;

  return (
    <div className="wizard">
      <h1>Create Search Widget</h1>
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
      {step === 2 && <StoreInfoStep info={info} errors={errors} onChange={setInfo} />}
      {step === 3 && (
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
          onConnect={() => void connect()}
        />
      )}
      {step === 4 && created && (
        <SetupWidgetStep created={created} isFree={entitlements.isFree} sizes={entitlements.sizes} />
      )}
      {step === 4 && !created && (
        <section aria-labelledby="wizard-failed-title" className="sniff-panel sniff-panel--error">
          <h2 id="wizard-failed-title">Unable to Create Search Bar</h2>
          <p>We are unable to add your website right now. Please come back in sometime</p>
          <button type="button" className="sniff-button" onClick={() => setStep(3)}>
            Try Again
          </button>
        </section>
      )}

      <div className="wizard-nav">
        <button
          type="button"
          className="sniff-button sniff-button--secondary"
          disabled={step === 1 || (step === 4 && !!created) || busy !== null}
          onClick={() => setStep(step - 1)}
        >
          Back
        </button>
        {step < 3 && (
          <button type="button" className="sniff-button" disabled={nextDisabled} onClick={() => void next()}>
            {nextLabel}
          </button>
        )}
        {step === 4 && created && (
          <button type="button" className="sniff-button" onClick={() => navigate('/dashboard/stores')}>
            Complete Setup
          </button>
        )}
      </div>

      {dialog?.kind === 'upgrade' &&
        (entitlements.platforms.includes(dialog.platform as never) ? (
          <Dialog
            title="Coming Soon"
            onClose={() => setDialog(null)}
            actions={
              <button type="button" className="sniff-button" onClick={() => setDialog(null)}>
                Close
              </button>
            }
          >
            <p>
              Connecting a {tileName(dialog.platform)} site from this dashboard is coming soon. Your plan already covers
              it.
            </p>
          </Dialog>
        ) : (
          <Dialog
            title="Upgrade Required"
            onClose={() => setDialog(null)}
            actions={
              <>
                <button type="button" className="sniff-button" onClick={() => navigate('/dashboard/subscribe')}>
                  Upgrade Plan
                </button>
                <button type="button" className="sniff-button sniff-button--secondary" onClick={() => setDialog(null)}>
                  Cancel
                </button>
              </>
            }
          >
            <p>
              A {tileName(dialog.platform)} search bar needs a {tileName(dialog.platform)} plan. Upgrade to connect it,
              or choose SaaS / Self-hosted Business Website.
            </p>
          </Dialog>
        ))}
      {dialog?.kind === 'limit' && (
        <Dialog
          title="Free Plan Limit Reached"
          onClose={() => setDialog(null)}
          actions={
            <>
              <button type="button" className="sniff-button" onClick={() => navigate('/dashboard/subscribe')}>
                Upgrade to Create More
              </button>
              <button
                type="button"
                className="sniff-button sniff-button--secondary"
                onClick={() => navigate('/dashboard/stores')}
              >
                Manage Existing Website
              </button>
              <button type="button" className="sniff-button sniff-button--secondary" onClick={() => setDialog(null)}>
                Cancel
              </button>
            </>
          }
        >
          <p>You can only create 1 search bar on the free plan</p>
        </Dialog>
      )}
    </div>
  );
}
