export interface StoreInfo {
  storeName: string;
  storeUrl: string;
  storeNickname: string;
}
export type StoreInfoErrors = Partial<Record<keyof StoreInfo, string>>;

function Field({
  id,
  label,
  value,
  error,
  required,
  placeholder,
  onChange,
}: {
  id: keyof StoreInfo;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const inputId = `wizard-${id}`;
  const errorId = `${inputId}-error`;
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
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} role="alert" className="sniff-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function StoreInfoStep({
  info,
  errors,
  onChange,
}: {
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
        value={info.storeName}
        error={errors.storeName}
        onChange={(storeName) => onChange({ ...info, storeName })}
      />
      <Field
        id="storeUrl"
        label="Website URL"
        required
        placeholder="https://www.example.com"
        value={info.storeUrl}
        error={errors.storeUrl}
        onChange={(storeUrl) => onChange({ ...info, storeUrl })}
      />
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
