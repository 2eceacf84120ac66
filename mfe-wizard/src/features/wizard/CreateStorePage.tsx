import { lazy, Suspense, useState } from 'react';
import { usePlans } from '@sniff/shell-sdk';
import { entitlementsFor, PLATFORMS, type CreateStoreResponse, type Platform } from '@sniff/contracts';
import { isEntitled, type WizardPlatform } from './platforms';
import type { StoreInfo, StoreInfoErrors } from './store-info';
import { ConnectStep } from './ConnectStep';
import { StepIndicator } from './StepIndicator';
import { WizardDialogs, type DialogState } from './WizardDialogs';
import { WizardNav } from './WizardNav';
import { useCatalogueUpload } from './hooks/useCatalogueUpload';
import { useCustomSite } from './hooks/useCustomSite';
import { useNextStep } from './hooks/useNextStep';
import { useOauthReturn } from './hooks/useOauthReturn';
import { useShopifyOauth } from './hooks/useShopifyOauth';
import { useSquarespaceConnect } from './hooks/useSquarespaceConnect';
import { PlatformStep } from './steps/PlatformStep';
import { StoreInfoStep } from './steps/StoreInfoStep';
import { EMPTY_SQUARESPACE_FORM, type SquarespaceForm } from './steps/ConnectSquarespaceStep';
import { Spinner } from '@sniff/ui';

// The page opens on step 1: step 4 (the widget studio) is a chunk of its own, as are step 3's custom
// and Shopify views (ConnectStep), fetched when the owner gets there.
const CreateFailedStep = lazy(() => import('./steps/CreateFailedStep').then((m) => ({ default: m.CreateFailedStep })));
const SetupWidgetStep = lazy(() => import('./steps/SetupWidgetStep').then((m) => ({ default: m.SetupWidgetStep })));

export { validateStoreInfo } from './store-info';
export { STORE_CHECK_FAILED, STORE_CHECK_UNREACHABLE } from './failures';

const EMPTY_INFO: StoreInfo = { storeName: '', storeUrl: '', storeNickname: '' };
const isPlatform = (id: WizardPlatform): id is Platform => (PLATFORMS as readonly string[]).includes(id);

/**
 * /dashboard/create-store: the four-step wizard for custom websites, Squarespace and Shopify. The page
 * holds where the owner is (step, platform, store info, the store made); each step's work is its own
 * hook or component.
 */
export function CreateStorePage() {
  const plans = usePlans();
  const entitlements = entitlementsFor(plans ?? []);
  const returned = useOauthReturn();
  const [step, setStep] = useState(returned ? (returned.kind === 'success' ? 4 : 3) : 1);
  const [platform, setPlatform] = useState<Platform | null>(returned ? 'shopify' : null);
  const [platformError, setPlatformError] = useState<string | null>(null);
  const [info, setInfo] = useState<StoreInfo>(returned?.info ?? EMPTY_INFO);
  const [errors, setErrors] = useState<StoreInfoErrors>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
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
  const custom = useCustomSite();
  const squarespace = useSquarespaceConnect(info, squarespaceForm);
  const upload = useCatalogueUpload(info);
  const oauth = useShopifyOauth({
    info,
    onConnected: (store) => finish(store),
    initialError: returned?.kind === 'error' ? returned.message : null,
  });
  const { next, busy } = useNextStep({
    step,
    platform,
    info,
    entitlements,
    discover: custom.discover,
    setStep,
    setPlatformError,
    setErrors,
    setApiError,
    setDialog,
  });

  const choosePlatform = (id: WizardPlatform) => {
    setPlatformError(null);
    // While plans load the choice stands; Next checks it once they are in.
    if (isPlatform(id) && (plans === null || isEntitled(entitlements, id))) setPlatform(id);
    else setDialog({ kind: 'upgrade', platform: id });
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

  const stepBusy =
    busy !== null ||
    custom.creating ||
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
        {step === 3 && platform && (
          <ConnectStep
            platform={platform}
            info={info}
            entitlements={entitlements}
            custom={custom}
            squarespace={squarespace}
            squarespaceForm={squarespaceForm}
            onSquarespaceForm={setSquarespaceForm}
            upload={upload}
            oauth={oauth}
            onConnecting={() => setApiError(null)}
            onFinish={finish}
          />
        )}
        {step === 4 && created && (
          <SetupWidgetStep
            created={created}
            storeName={info.storeNickname.trim() || info.storeName.trim()}
            isFree={entitlements.isFree}
            plan={{ sizes: entitlements.sizes, customPlaceholder: entitlements.customPlaceholder }}
          />
        )}
        {step === 4 && !created && <CreateFailedStep reason={createError} onRetry={() => setStep(3)} />}
      </Suspense>

      <WizardNav
        step={step}
        platform={platform}
        info={info}
        plansLoading={plans === null}
        busy={busy}
        stepBusy={stepBusy}
        created={!!created}
        onBack={() => setStep(step - 1)}
        onNext={() => void next()}
      />

      <WizardDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
