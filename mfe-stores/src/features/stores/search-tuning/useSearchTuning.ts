import { useState } from 'react';
import { errorMessage } from '@sniff/shell-sdk';
import type { SearchSettings } from '@sniff/contracts';
import { useGetSearchSettingsQuery, useSaveSearchSettingsMutation } from '../../../shared/api';
import { sameSettings } from './rule-input';

/** Why the API refused a save: `field` is the path it names (e.g. "synonyms.2.words.0"). */
export interface SaveProblem {
  field?: string;
  message: string;
}

function problemOf(error: unknown): SaveProblem {
  const data = (error as { data?: { field?: unknown } } | undefined)?.data;
  const field = typeof data?.field === 'string' ? data.field : undefined;
  const message = errorMessage(error);
  // The message starts with the field's path; shown next to that field, the path is noise.
  return { field, message: field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message };
}

/**
 * A store's search settings being edited: the saved ones from the API, the owner's unsaved
 * draft on top, and the save with its outcome. Loaded once `enabled` (the tab was opened).
 */
export function useSearchTuning(storeId: string, enabled: boolean) {
  const query = useGetSearchSettingsQuery(storeId, { skip: !enabled });
  const [saveSettings, saving] = useSaveSearchSettingsMutation();
  const [draft, setDraft] = useState<SearchSettings | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);

  const settings = draft ?? query.data;
  const dirty = !!draft && !!query.data && !sameSettings(draft, query.data);

  const edit = (next: SearchSettings) => {
    setDraft(next);
    setProblem(null);
  };

  /** Saves the draft; true when there was nothing to save or it was saved. */
  const save = async (): Promise<boolean> => {
    if (!draft || !dirty) return true;
    setProblem(null);
    try {
      await saveSettings({ storeId, settings: draft }).unwrap();
      setDraft(null);
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    }
  };

  const discard = () => {
    setDraft(null);
    setProblem(null);
  };

  return {
    settings,
    loading: query.isLoading,
    loadError: query.isError ? errorMessage(query.error) : null,
    reload: () => void query.refetch(),
    dirty,
    saving: saving.isLoading,
    problem,
    edit,
    save,
    discard,
  };
}

export type SearchTuningState = ReturnType<typeof useSearchTuning>;
