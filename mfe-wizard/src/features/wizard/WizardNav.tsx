import { useGoTo } from '@sniff/shell-sdk';
import type { Platform } from '@sniff/contracts';
import { Button } from '@sniff/ui';
import type { Busy } from './hooks/useNextStep';
import type { StoreInfo } from './store-info';

/**
 * The wizard's buttons: Back; Next on steps 1 and 2, whose label says what it waits for (the owner's
 * plans, a check, the page discovery); Complete Setup once the store exists.
 */
export function WizardNav({
  step,
  platform,
  info,
  plansLoading,
  busy,
  stepBusy,
  created,
  onBack,
  onNext,
}: {
  step: number;
  platform: Platform | null;
  info: StoreInfo;
  plansLoading: boolean;
  busy: Busy;
  /** Something on the step is under way: going back would lose it. */
  stepBusy: boolean;
  created: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const goTo = useGoTo();
  const waitingForPlans = plansLoading && ((step === 1 && platform !== null && platform !== 'custom') || step === 2);
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
  return (
    <div className="wizard-nav">
      <Button variant="secondary" disabled={step === 1 || (step === 4 && created) || stepBusy} onClick={onBack}>
        Back
      </Button>
      {step < 3 && (
        <Button disabled={nextDisabled} onClick={onNext}>
          {nextLabel}
        </Button>
      )}
      {step === 4 && created && <Button onClick={() => goTo('stores.manage')}>Complete Setup</Button>}
    </div>
  );
}
