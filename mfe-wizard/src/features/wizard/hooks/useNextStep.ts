import { useState } from 'react';
import { errorMessage } from '@sniff/shell-sdk';
import { shopifyStoreExistsMessage, type Entitlements, type Platform } from '@sniff/contracts';
import { useLazyListStoresQuery } from '@sniff/shell-sdk/shared-data';
import { useCheckShopifyStoreMutation } from '../../../shared/api';
import { isEntitled } from '../platforms';
import { validateStoreInfo, type StoreInfo, type StoreInfoErrors } from '../store-info';
import type { DialogState } from '../WizardDialogs';
import { storeCheckFailure } from '../failures';

/** Which check Next is running (its label says so). */
export type Busy = null | 'checking' | 'crawling';

/**
 * Next, on steps 1 and 2. Step 1 needs a platform the owner's plans cover. Step 2 needs valid store
 * info and, for a free owner, room for another store; then a custom site's pages are discovered, or a
 * Shopify shop is checked not to have a store already, before step 3.
 */
export function useNextStep({
  step,
  platform,
  info,
  entitlements,
  discover,
  setStep,
  setPlatformError,
  setErrors,
  setApiError,
  setDialog,
}: {
  step: number;
  platform: Platform | null;
  info: StoreInfo;
  entitlements: Entitlements;
  discover: (url: string) => Promise<void>;
  setStep: (step: number) => void;
  setPlatformError: (error: string) => void;
  setErrors: (errors: StoreInfoErrors) => void;
  setApiError: (error: string | null) => void;
  setDialog: (dialog: DialogState) => void;
}) {
  const [listStores] = useLazyListStoresQuery();
  const [checkShopifyStore] = useCheckShopifyStoreMutation();
  const [busy, setBusy] = useState<Busy>(null);

  /** Shopify: one store per shop and owner. False (with the message shown) when Next must stop. */
  const shopIsNew = async (url: string): Promise<boolean> => {
    setBusy('checking');
    try {
      const answer = await checkShopifyStore({ store_url: url }).unwrap();
      if (!answer.exists) return true;
      setApiError(shopifyStoreExistsMessage(url, answer.store_id ?? 'unknown'));
    } catch (e) {
      setApiError(storeCheckFailure(e));
    }
    return false;
  };

  const next = async () => {
    setApiError(null);
    if (step === 1) {
      if (!platform) return setPlatformError('Please select a platform.');
      if (!isEntitled(entitlements, platform)) return setDialog({ kind: 'upgrade', platform });
      return setStep(2);
    }
    if (step === 2 && platform) {
      const { errors: found, url } = validateStoreInfo(info, platform);
      setErrors(found);
      if (!url || Object.keys(found).length) return;
      try {
        // Every owner, free or paid, learns of a full allowance here, before filling in step 3.
        setBusy('checking');
        const stores = await listStores(undefined, false).unwrap();
        if (stores.length >= entitlements.maxStores) {
          return setDialog({ kind: 'limit', free: entitlements.isFree, allowed: entitlements.maxStores });
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

  return { next, busy };
}
