/**
 * A result's price as the page's language writes numbers, with two decimals ("1,234.50", "1.234,50").
 * A currency symbol only when the result names its currency (ISO 4217 code); none do today.
 */
export function priceFormatter(lang: string | undefined): (value: number, currency?: unknown) => string | null {
  const formats = new Map<string, Intl.NumberFormat>();
  const make = (currency: string) => {
    const options: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    if (currency) Object.assign(options, { style: 'currency', currency });
    try {
      return new Intl.NumberFormat(lang || undefined, options);
    } catch {
      return new Intl.NumberFormat(undefined, options); // the page's lang is not a language tag
    }
  };
  return (value, currency) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : '';
    let format = formats.get(code);
    if (!format) formats.set(code, (format = make(code)));
    return format.format(value);
  };
}
