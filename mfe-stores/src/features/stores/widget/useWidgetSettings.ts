import { useState } from 'react';
import { errorMessage, usePlans } from '@sniff/shell-sdk';
import {
  DEFAULT_WIDGET_SETTINGS,
  entitlementsFor,
  type Store,
  type WidgetSettings,
  type WidgetSettingsResponse,
} from '@sniff/contracts';
import { sameSettings, studioErrors, type StudioErrors } from '@sniff/widget-studio';
import { useGetWidgetSettingsQuery, useSaveWidgetSettingsMutation } from '../../../shared/api';

/** Never saved: the defaults, with the manage panel's cards for catalogues (section 3); custom sites a list. */
export function settingsShown(saved: WidgetSettingsResponse, platform: Store['platform']): WidgetSettings {
  if (saved.version > 0) return saved.settings;
  return { ...saved.settings, displayFormat: platform === 'custom' ? 'list' : 'cards' };
}

const FIELDS = new Set<string>([...Object.keys(DEFAULT_WIDGET_SETTINGS), 'searchPlaceholder']);

/**
 * A store's widget look being edited in the manage panel: the saved settings (with their version,
 * which the snippet carries), the owner's draft on top, its problems, and the save.
 */
export function useWidgetSettings(store: Store) {
  const query = useGetWidgetSettingsQuery(store.id);
  const [saveSettings, saving] = useSaveWidgetSettingsMutation();
  const [draft, setDraft] = useState<WidgetSettings | null>(null);
  const [refused, setRefused] = useState<StudioErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const ent = entitlementsFor(usePlans() ?? []);
  const plan = { sizes: ent.sizes, customPlaceholder: ent.customPlaceholder };

  const saved = query.data ? settingsShown(query.data, store.platform) : undefined;
  const value = draft ?? saved;
  const errors: StudioErrors = value ? { ...refused, ...studioErrors(value, plan, store.platform) } : {};
  const dirty = !!draft && !!saved && !sameSettings(draft, saved);

  const edit = (next: WidgetSettings) => {
    setDraft(next);
    setRefused({});
    setProblem(null);
  };

  /** Saves the draft; true when there was nothing to save or it was saved. */
  const save = async (): Promise<boolean> => {
    if (!draft || !dirty) return true;
    if (Object.keys(studioErrors(draft, plan, store.platform)).length) return false;
    setProblem(null);
    try {
      await saveSettings({ storeId: store.id, settings: draft }).unwrap();
      setDraft(null);
      return true;
    } catch (error) {
      const field = (error as { data?: { field?: unknown } }).data?.field;
      if (typeof field === 'string' && FIELDS.has(field)) setRefused({ [field]: errorMessage(error) });
      else setProblem(errorMessage(error));
      return false;
    }
  };

  return {
    query,
    saved: query.data,
    value,
    plan,
    isFree: ent.isFree,
    errors,
    dirty,
    edit,
    save,
    saving: saving.isLoading,
    problem,
    discard: () => {
      setDraft(null);
      setRefused({});
      setProblem(null);
    },
  };
}

export type WidgetSettingsState = ReturnType<typeof useWidgetSettings>;
