import { useId } from 'react';
import { DestinationLink, errorMessage, usePlans } from '@sniff/shell-sdk';
import { entitlementsFor, ZERO_RESULT_ALERTS_UPGRADE_TEXT, type Store } from '@sniff/contracts';
import { Button, Spinner } from '@sniff/ui';
import { useUpdateZeroResultAlertMutation, useZeroResultAlertsQuery } from '../../shared/api';

// Mirrors mfe-analytics' ZeroResultAlerts (remotes never import each other): the same setting, for any platform.
export const ALERTS_TITLE = 'Weekly zero-result e-mail';
export const ALERTS_LABEL = "E-mail me the week's zero-result searches";
/** What the mail holds, when it is sent, and that it can be unsubscribed from (in one line). */
export const ALERTS_TEXT =
  "Every Monday (UTC): last week's ten top searches that found nothing, with links to fix them. Unsubscribe in any e-mail.";

/** A checkbox announced as a switch (Space toggles it), described by the explanation. */
function AlertSwitch({
  checked,
  disabled,
  describedBy,
  onChange,
}: {
  checked: boolean;
  disabled?: boolean;
  describedBy: string;
  onChange?: (on: boolean) => void;
}) {
  return (
    <label className="stores-alert-switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange?.(e.target.checked)}
      />{' '}
      <span>{ALERTS_LABEL}</span>
    </label>
  );
}

/** Paid owners: the store's switch, read and saved through the analytics service (which enforces the plan). */
function PaidSwitch({ store, describedBy }: { store: Store; describedBy: string }) {
  // Read again each time the panel opens: the Analytics page may have changed it meanwhile.
  const alerts = useZeroResultAlertsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update, saving] = useUpdateZeroResultAlertMutation();
  // While saving, the switch shows what was asked; once saved, the answer until the list is read again.
  const pending = saving.isLoading ? saving.originalArgs : alerts.isFetching ? saving.data : undefined;
  const enabled = pending ? pending.enabled : (alerts.data?.find((a) => a.storeId === store.id)?.enabled ?? false);
  if (alerts.isLoading)
    return (
      <p>
        <Spinner label="Loading your e-mail alert setting" /> Loading...
      </p>
    );
  if (alerts.error)
    return (
      <div role="alert">
        <p className="sniff-error">Your e-mail alert setting could not be loaded: {errorMessage(alerts.error)}</p>
        <Button variant="secondary" disabled={alerts.isFetching} onClick={() => void alerts.refetch()}>
          Try again
        </Button>
      </div>
    );
  return (
    <>
      <AlertSwitch
        checked={enabled}
        disabled={saving.isLoading}
        describedBy={describedBy}
        onChange={(on) => void update({ storeId: store.id, enabled: on })}
      />
      {saving.error ? (
        <p role="alert" className="sniff-error">
          Not saved: {errorMessage(saving.error)}
        </p>
      ) : (
        <p role="status" className="sniff-muted">
          {saving.isLoading
            ? 'Saving...'
            : saving.isSuccess && saving.data
              ? `Saved: weekly e-mails are ${saving.data.enabled ? 'on' : 'off'}.`
              : ''}
        </p>
      )}
    </>
  );
}

/**
 * The manage panel's weekly zero-result e-mail switch, for a store of any platform. Saved as soon as
 * it is switched (not by Save Changes). Free owners see it off and disabled, with the way to upgrade.
 */
export function ZeroResultAlertSwitch({ store }: { store: Store }) {
  const id = useId();
  const plans = usePlans();
  const free = plans !== null && !entitlementsFor(plans).zeroResultAlerts;
  return (
    <section aria-labelledby={`${id}-title`} className="stores-alerts-section">
      <h4 id={`${id}-title`}>{ALERTS_TITLE}</h4>
      <p id={`${id}-text`} className="sniff-muted">
        {ALERTS_TEXT}
        {free ? ` ${ZERO_RESULT_ALERTS_UPGRADE_TEXT}` : null}
      </p>
      {plans === null ? (
        <p>
          <Spinner label="Loading your plan" /> Loading...
        </p>
      ) : free ? (
        <>
          <AlertSwitch checked={false} disabled describedBy={`${id}-text`} />
          <p>
            <DestinationLink to="billing.subscribe">Upgrade Now</DestinationLink>
          </p>
        </>
      ) : (
        <PaidSwitch store={store} describedBy={`${id}-text`} />
      )}
    </section>
  );
}
