import { useId } from 'react';
import { errorMessage } from '@sniff/shell-sdk';
import { ZERO_RESULT_ALERTS_UPGRADE_TEXT, type Store } from '@sniff/contracts';
import { Button, Spinner } from '@sniff/ui';
import { useUpdateZeroResultAlertMutation, useZeroResultAlertsQuery } from '../../shared/api';

export const ALERTS_TITLE = 'Weekly zero-result e-mail';
export const ALERTS_TEXT =
  "Every Monday (UTC), an e-mail to your account's address lists last week's ten most frequent searches that found nothing, each with a link to add a synonym or pin an answer. No e-mail for a week without any.";

/** One switch: a checkbox announced as a switch (Space toggles it). */
function AlertSwitch({
  label,
  checked,
  disabled,
  describedBy,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  describedBy: string;
  onChange?: (on: boolean) => void;
}) {
  return (
    <label className="analytics-switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => onChange?.(e.target.checked)}
      />{' '}
      <span>{label}</span>
    </label>
  );
}

/** Free owners: the switch, off and disabled, with why and the way to get it. */
export function ZeroResultAlertsUpsell() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="analytics-alerts">
      <h2 id={`${id}-title`}>{ALERTS_TITLE}</h2>
      <p id={`${id}-text`} className="sniff-muted">
        {ALERTS_TEXT} {ZERO_RESULT_ALERTS_UPGRADE_TEXT}
      </p>
      <AlertSwitch
        label="E-mail me the week's zero-result searches"
        checked={false}
        disabled
        describedBy={`${id}-text`}
      />
    </section>
  );
}

/**
 * Paid owners: a switch per store of the chosen website (usually one), beside the zero-result panels.
 * The service enforces the plan too; its refusal is shown here.
 */
export function ZeroResultAlerts({ stores }: { stores: Store[] }) {
  const id = useId();
  const alerts = useZeroResultAlertsQuery();
  const [update, saving] = useUpdateZeroResultAlertMutation();
  // While saving, the switch shows what was asked; once saved, the answer until the list is read again.
  const pending = saving.isLoading ? saving.originalArgs : alerts.isFetching ? saving.data : undefined;
  const enabled = (storeId: string) =>
    pending?.storeId === storeId
      ? pending.enabled
      : (alerts.data?.find((a) => a.storeId === storeId)?.enabled ?? false);
  return (
    <section aria-labelledby={`${id}-title`} className="analytics-panel analytics-alerts">
      <h2 id={`${id}-title`}>{ALERTS_TITLE}</h2>
      <p id={`${id}-text`} className="sniff-muted">
        {ALERTS_TEXT}
      </p>
      {alerts.isLoading ? (
        <p>
          <Spinner label="Loading your e-mail alert settings" />
        </p>
      ) : alerts.error ? (
        <div role="alert">
          <p className="sniff-error">Your e-mail alert settings could not be loaded: {errorMessage(alerts.error)}</p>
          <Button onClick={() => void alerts.refetch()}>Try again</Button>
        </div>
      ) : !stores.length ? (
        <p className="sniff-muted">No search widget for this website.</p>
      ) : (
        stores.map((store) => (
          <AlertSwitch
            key={store.id}
            label={
              stores.length > 1
                ? `E-mail me the week's zero-result searches of ${store.name}`
                : "E-mail me the week's zero-result searches"
            }
            checked={enabled(store.id)}
            disabled={saving.isLoading}
            describedBy={`${id}-text`}
            onChange={(on) => void update({ storeId: store.id, enabled: on })}
          />
        ))
      )}
      {saving.error ? (
        <p role="alert" className="sniff-error">
          Not saved: {errorMessage(saving.error)}
        </p>
      ) : saving.isSuccess && saving.data ? (
        <p role="status" className="sniff-muted">
          {saving.data.enabled ? 'Weekly e-mails are on.' : 'Weekly e-mails are off.'}
        </p>
      ) : null}
    </section>
  );
}
