import type { ReactNode } from 'react';
import { shopifyStoreUrl, type Platform } from '@sniff/contracts';
import type { StoreInfo, StoreInfoErrors } from '../store-info';

export type { StoreInfo, StoreInfoErrors } from '../store-info';

function Field({
  id,
  label,
  value,
  error,
  required,
  placeholder,
  hint,
  onChange,
}: {
  id: keyof StoreInfo;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
  /** Shown under the field and read with it (aria-describedby). */
  hint?: ReactNode;
  onChange: (value: string) => void;
}) {
  const inputId = `wizard-${id}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="sniff-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        name={id}
        value={value}
        required={required}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={hintId} className="sniff-muted wizard-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="sniff-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a Shopify store name becomes, as the owner types it (section 5's rule from the contracts). */
function ShopHost({ name }: { name: string }) {
  if (!name.trim()) return <>Enter the name of your myshopify address, e.g. my-shop for my-shop.myshopify.com.</>;
  const shop = shopifyStoreUrl(name);
  if ('error' in shop) return <span className="sniff-error">{shop.error}</span>;
  return (
    <>
      Your Shopify store: <strong data-testid="shop-host">{shop.url}</strong>
    </>
  );
}

export function StoreInfoStep({
  platform,
  info,
  errors,
  onChange,
}: {
  platform: Platform;
  info: StoreInfo;
  errors: StoreInfoErrors;
  onChange: (info: StoreInfo) => void;
}) {
  return (
    <section aria-labelledby="wizard-info-title">
      <h2 id="wizard-info-title">Store Information</h2>
      <Field
        id="storeName"
        label="Store Name"
        required
        placeholder={platform === 'shopify' ? 'my-shop' : undefined}
        value={info.storeName}
        error={errors.storeName}
        hint={
          platform === 'shopify' && !errors.storeName ? (
            <span aria-live="polite">
              <ShopHost name={info.storeName} />
            </span>
          ) : undefined
        }
        onChange={(storeName) => onChange({ ...info, storeName })}
      />
      {platform !== 'shopify' && (
        <Field
          id="storeUrl"
          label={platform === 'squarespace' ? 'Squarespace Store URL' : 'Website URL'}
          required
          placeholder={platform === 'squarespace' ? 'https://www.your-site.com' : 'https://www.example.com'}
          hint={platform === 'squarespace' ? 'Enter the URL exactly as it appears in your browser.' : undefined}
          value={info.storeUrl}
          error={errors.storeUrl}
          onChange={(storeUrl) => onChange({ ...info, storeUrl })}
        />
      )}
      <Field
        id="storeNickname"
        label="Store Nickname (optional)"
        value={info.storeNickname}
        error={errors.storeNickname}
        onChange={(storeNickname) => onChange({ ...info, storeNickname })}
      />
    </section>
  );
}
