import { useId, type ReactNode } from 'react';
import {
  FREE_PLACEHOLDER,
  planRefusal,
  WIDGET_SIZES,
  widgetSettingsSchema,
  type Platform,
  type WidgetSettings,
  type WidgetSize,
} from '@sniff/contracts';
import { PALETTE } from './palette';

export type DisplayFormat = WidgetSettings['displayFormat'];
export type StudioErrors = Partial<Record<keyof WidgetSettings, string>>;
/** What the owner's plan lets the widget show (entitlements' sizes and customPlaceholder). */
export interface StudioPlan {
  sizes: readonly WidgetSize[];
  customPlaceholder: boolean;
}

const LABELS: Record<keyof WidgetSettings, string> = {
  size: 'Size',
  rounded: 'Rounded corners',
  displayFormat: 'Display format',
  searchBarTextColor: 'Text colour',
  searchBarBorderColor: 'Border colour',
  searchBarBackground: 'Background colour',
  searchPlaceholder: 'Placeholder',
  maxTitleLength: 'Max Title Length',
  maxDescriptionLength: 'Max Description Length',
  showDescription: 'Show description',
  showPrice: 'Show price',
};
const RANGE_MESSAGE: Partial<Record<keyof WidgetSettings, string>> = {
  maxTitleLength: 'Max Title Length must be 10 to 200',
  maxDescriptionLength: 'Max Description Length must be 20 to 500',
};
const FORMAT_LABELS: Record<DisplayFormat, string> = {
  auto: 'Automatic (cards when results have images)',
  cards: 'Cards (image, title, price)',
  list: 'List',
};

/** Whether two settings say the same (key order aside; an empty placeholder is none). */
export function sameSettings(a: WidgetSettings, b: WidgetSettings): boolean {
  return (Object.keys({ ...a, ...b }) as (keyof WidgetSettings)[]).every((k) => (a[k] ?? '') === (b[k] ?? ''));
}

/**
 * What is wrong with `value`, by field: the contracts' schema (the server runs the same) and the
 * plan's limits, so the form says it before Save and the server's 4xx never surprises.
 */
export function studioErrors(value: WidgetSettings, plan: StudioPlan, platform: Platform): StudioErrors {
  const errors: StudioErrors = {};
  const parsed = widgetSettingsSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof WidgetSettings;
      if (errors[field]) continue;
      errors[field] = RANGE_MESSAGE[field] ?? `${LABELS[field] ?? String(field)} ${issue.message}`;
    }
  }
  const refusal = planRefusal(value, plan);
  if (refusal && !errors[refusal.field]) errors[refusal.field] = refusal.message;
  if (platform === 'custom' && value.displayFormat !== 'list') errors.displayFormat = 'Custom websites show a list';
  return errors;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="sniff-studio-error">
      {message}
    </p>
  ) : null;
}

/** One colour: 24 quick swatches (a native radio group: arrow keys move) and a custom #rrggbb. */
function ColourField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const lower = value.toLowerCase();
  return (
    <fieldset className="sniff-studio-colour" aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      <div className="sniff-studio-swatches">
        {PALETTE.map((c) => (
          <label key={c.hex} className="sniff-studio-swatch" title={`${c.name} ${c.hex}`}>
            <input
              type="radio"
              name={id}
              value={c.hex}
              checked={lower === c.hex}
              onChange={() => onChange(c.hex)}
              aria-label={`${c.name} (${c.hex})`}
            />
            <span style={{ background: c.hex }} aria-hidden="true" />
          </label>
        ))}
      </div>
      <div className="sniff-studio-custom">
        <label htmlFor={`${id}-hex`}>Custom {label.toLowerCase()}</label>
        <input
          id={`${id}-hex`}
          type="text"
          inputMode="text"
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          value={value}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value.trim())}
        />
        <input
          type="color"
          aria-label={`Pick a custom ${label.toLowerCase()}`}
          value={/^#[0-9a-f]{6}$/i.test(value) ? lower : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function Field({ children, className = 'sniff-field' }: { children: ReactNode; className?: string }) {
  return <div className={className}>{children}</div>;
}

/**
 * The widget studio of wizard step 4 and the manage panel: every widget setting of spec section 3,
 * within the owner's plan (free: small and medium, the fixed placeholder). Controlled: the page
 * owns the value, saves it and shows the preview beside it.
 */
export function WidgetStudio({
  value,
  onChange,
  plan,
  platform,
  formats = ['auto', 'cards', 'list'],
  errors = {},
}: {
  value: WidgetSettings;
  onChange: (next: WidgetSettings) => void;
  plan: StudioPlan;
  platform: Platform;
  formats?: readonly DisplayFormat[];
  /** Field messages: studioErrors(value…) and whatever the server refused. */
  errors?: StudioErrors;
}) {
  const id = useId();
  const set = <K extends keyof WidgetSettings>(key: K, v: WidgetSettings[K]) => onChange({ ...value, [key]: v });
  const err = (key: keyof WidgetSettings) => `${id}-${key}-error`;
  const describedBy = (key: keyof WidgetSettings) => (errors[key] ? err(key) : undefined);
  const products = platform !== 'custom';
  return (
    <div className="sniff-studio">
      <fieldset className="sniff-fieldset" aria-describedby={describedBy('size')}>
        <legend>Size</legend>
        <div className="sniff-studio-sizes">
          {WIDGET_SIZES.map((size) => {
            const allowed = plan.sizes.includes(size);
            return (
              <label key={size} className="sniff-studio-option">
                <input
                  type="radio"
                  name={`${id}-size`}
                  value={size}
                  checked={value.size === size}
                  disabled={!allowed}
                  onChange={() => set('size', size)}
                />{' '}
                {size}
                {!allowed && <span className="sniff-muted"> (paid plans)</span>}
              </label>
            );
          })}
        </div>
        {plan.sizes.length < WIDGET_SIZES.length && (
          <p className="sniff-muted">Free plan: small and medium. Upgrade for every size.</p>
        )}
        <FieldError id={err('size')} message={errors.size} />
      </fieldset>

      <Field>
        <label htmlFor={`${id}-format`}>Display format</label>
        <select
          id={`${id}-format`}
          value={products ? value.displayFormat : 'list'}
          disabled={!products}
          aria-describedby={describedBy('displayFormat') ?? (!products ? `${id}-format-note` : undefined)}
          onChange={(e) => set('displayFormat', e.target.value as DisplayFormat)}
        >
          {(products ? formats : (['list'] as const)).map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
        {!products && (
          <p id={`${id}-format-note`} className="sniff-muted">
            Custom websites show results as a list.
          </p>
        )}
        <FieldError id={err('displayFormat')} message={errors.displayFormat} />
      </Field>

      <label className="wizard-check sniff-studio-check">
        <input type="checkbox" checked={value.rounded} onChange={(e) => set('rounded', e.target.checked)} /> Rounded
        corners
      </label>

      <ColourField
        label="Text colour"
        value={value.searchBarTextColor}
        onChange={(v) => set('searchBarTextColor', v)}
        error={errors.searchBarTextColor}
      />
      <ColourField
        label="Border colour"
        value={value.searchBarBorderColor}
        onChange={(v) => set('searchBarBorderColor', v)}
        error={errors.searchBarBorderColor}
      />
      <ColourField
        label="Background colour"
        value={value.searchBarBackground}
        onChange={(v) => set('searchBarBackground', v)}
        error={errors.searchBarBackground}
      />

      <Field>
        <label htmlFor={`${id}-placeholder`}>Placeholder</label>
        {plan.customPlaceholder ? (
          <input
            id={`${id}-placeholder`}
            type="text"
            maxLength={120}
            value={value.searchPlaceholder ?? ''}
            aria-describedby={describedBy('searchPlaceholder')}
            onChange={(e) => set('searchPlaceholder', e.target.value || undefined)}
          />
        ) : (
          <>
            <input
              id={`${id}-placeholder`}
              type="text"
              value={FREE_PLACEHOLDER}
              readOnly
              aria-readonly="true"
              aria-describedby={`${id}-placeholder-note`}
            />
            <p id={`${id}-placeholder-note`} className="sniff-muted">
              Free plan: the search bar shows this text. Upgrade to write your own.
            </p>
          </>
        )}
        <FieldError id={err('searchPlaceholder')} message={errors.searchPlaceholder} />
      </Field>

      <div className="sniff-studio-lengths">
        <Field>
          <label htmlFor={`${id}-title`}>Max Title Length</label>
          <input
            id={`${id}-title`}
            type="number"
            min={10}
            max={200}
            value={Number.isFinite(value.maxTitleLength) ? value.maxTitleLength : ''}
            aria-invalid={!!errors.maxTitleLength}
            aria-describedby={describedBy('maxTitleLength')}
            onChange={(e) => set('maxTitleLength', e.target.valueAsNumber)}
          />
          <FieldError id={err('maxTitleLength')} message={errors.maxTitleLength} />
        </Field>
        <Field>
          <label htmlFor={`${id}-description`}>Max Description Length</label>
          <input
            id={`${id}-description`}
            type="number"
            min={20}
            max={500}
            value={Number.isFinite(value.maxDescriptionLength) ? value.maxDescriptionLength : ''}
            aria-invalid={!!errors.maxDescriptionLength}
            aria-describedby={describedBy('maxDescriptionLength')}
            onChange={(e) => set('maxDescriptionLength', e.target.valueAsNumber)}
          />
          <FieldError id={err('maxDescriptionLength')} message={errors.maxDescriptionLength} />
        </Field>
      </div>

      <label className="wizard-check sniff-studio-check">
        <input
          type="checkbox"
          checked={value.showDescription}
          onChange={(e) => set('showDescription', e.target.checked)}
        />{' '}
        Show description
      </label>
      {products && (
        <label className="wizard-check sniff-studio-check">
          <input type="checkbox" checked={value.showPrice} onChange={(e) => set('showPrice', e.target.checked)} /> Show
          price
        </label>
      )}
    </div>
  );
}
