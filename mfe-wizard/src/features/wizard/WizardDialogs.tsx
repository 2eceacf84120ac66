import { errorMessage, useGoTo, useUser } from '@sniff/shell-sdk';
import { WIDGET_ALLOWANCE } from '@sniff/contracts';
import { Alert, Dialog, Button } from '@sniff/ui';
import { useSubscribeForUpdatesMutation } from '../../shared/api';
import { PLATFORM_TILES, type WizardPlatform } from './platforms';

export type DialogState =
  | { kind: 'upgrade'; platform: WizardPlatform }
  /** The owner holds `allowed` widgets already (free: the spec's dialog; paid: the allowance, WIDGET_ALLOWANCE). */
  | { kind: 'limit'; free: boolean; allowed: number }
  | null;

/** Section 2's dialog button for each platform's upgrade. */
export function upgradeLabel(platform: WizardPlatform): string {
  if (platform === 'squarespace') return 'Upgrade to Squarespace Plan';
  if (platform === 'shopify') return 'Upgrade to Shopify Plan';
  return 'Upgrade Plan';
}

const tileName = (id: WizardPlatform) => PLATFORM_TILES.find((t) => t.id === id)?.name ?? id;
const comingSoon = (id: WizardPlatform) => PLATFORM_TILES.some((t) => t.id === id && !t.available);

/** Upgrade Required for a platform Sniff does not connect yet: Subscribe for Updates asks the team to write. */
function ComingSoonDialog({ platform, onClose }: { platform: WizardPlatform; onClose: () => void }) {
  const name = tileName(platform);
  const user = useUser();
  const [subscribe, { isLoading, isSuccess, error }] = useSubscribeForUpdatesMutation();
  return (
    <Dialog
      title="Upgrade Required"
      onClose={onClose}
      actions={
        <>
          {!isSuccess && (
            <Button disabled={isLoading} onClick={() => void subscribe({ platform: name })}>
              {isLoading ? 'Subscribing...' : 'Subscribe for Updates'}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {isSuccess ? 'Close' : 'Cancel'}
          </Button>
        </>
      }
    >
      <p>
        {name} is coming soon: Sniff cannot connect {name} stores yet. Subscribe for updates and we will e-mail you when
        it can, or choose SaaS / Self-hosted Business Website for your site today.
      </p>
      {isSuccess && (
        <Alert kind="success">
          Subscribed. We will e-mail {user?.email ?? 'you'} when {name} is ready.
        </Alert>
      )}
      {error && <Alert kind="error">Not subscribed: {errorMessage(error)}</Alert>}
    </Dialog>
  );
}

/** Upgrade Required (a platform the owner's plans do not cover) and Free Plan Limit Reached. */
export function WizardDialogs({ dialog, onClose }: { dialog: DialogState; onClose: () => void }) {
  const goTo = useGoTo();
  if (dialog?.kind === 'upgrade' && comingSoon(dialog.platform)) {
    return <ComingSoonDialog platform={dialog.platform} onClose={onClose} />;
  }
  if (dialog?.kind === 'upgrade') {
    const name = tileName(dialog.platform);
    return (
      <Dialog
        title="Upgrade Required"
        onClose={onClose}
        actions={
          <>
            <Button onClick={() => goTo('billing.subscribe')}>{upgradeLabel(dialog.platform)}</Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </>
        }
      >
        <p>
          A {name} search bar needs a {name} plan. Upgrade to connect it, or choose SaaS / Self-hosted Business Website.
        </p>
      </Dialog>
    );
  }
  if (dialog?.kind === 'limit') {
    return (
      <Dialog
        title={dialog.free ? 'Free Plan Limit Reached' : 'Widget Limit Reached'}
        onClose={onClose}
        actions={
          <>
            <Button onClick={() => goTo('billing.subscribe')}>Upgrade to Create More</Button>
            <Button variant="secondary" onClick={() => goTo('stores.manage')}>
              Manage Existing Website
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </>
        }
      >
        {dialog.free ? (
          <p>You can only create 1 search bar on the free plan</p>
        ) : (
          <>
            <p>
              Your plan allows {dialog.allowed} search widgets, the free one included, and you have {dialog.allowed}.
            </p>
            <p>{WIDGET_ALLOWANCE.a}</p>
          </>
        )}
      </Dialog>
    );
  }
  return null;
}
