import { Spinner, Button } from '@sniff/ui';
import type { SaveProblem, SearchTuningState } from './useSearchTuning';
import { AllowedSites } from './AllowedSites';
import { HiddenSuggestions } from './HiddenSuggestions';
import { PinnedAnswers } from './PinnedAnswers';
import { StopWords } from './StopWords';
import { SynonymRules } from './SynonymRules';

/** Where the API's complaint belongs: on one rule, word or site, on a whole list, or at the foot of the tab. */
function placeProblem(problem: SaveProblem | null) {
  const m = problem?.field?.match(/^(synonyms|stopWords|hiddenSuggestions|allowedSites|pins)(?:\.(\d+))?/);
  const at = (list: string) =>
    problem && m?.[1] === list && m[2] !== undefined ? { index: Number(m[2]), message: problem.message } : null;
  const whole = (list: string) => (problem && m?.[1] === list && m[2] === undefined ? problem.message : null);
  return {
    rule: at('synonyms'),
    synonyms: whole('synonyms'),
    stopWord: at('stopWords'),
    stopWords: whole('stopWords'),
    // A hidden suggestion is shown as typed, so any complaint about one goes above the list.
    hidden: problem && m?.[1] === 'hiddenSuggestions' ? problem.message : null,
    pin: at('pins'),
    pins: whole('pins'),
    site: at('allowedSites'),
    sites: whole('allowedSites'),
    elsewhere: problem && !m ? problem.message : null,
  };
}

/** What a link asked the tab to start with (see StoresPage's deep link): a new pin or synonym rule for a query. */
export interface TuningPrefill {
  pin?: string;
  synonym?: string;
}

/**
 * The "Search tuning" tab of a store's manage panel: synonyms, pinned answers, stop words, hidden
 * suggestions and the sites allowed to use the widget. The panel's one Save Changes saves them with the
 * widget's look (a second save button here saved half the panel and left owners unsure which to press).
 */
export function SearchTuning({
  storeId,
  tuning,
  prefill,
}: {
  storeId: string;
  tuning: SearchTuningState;
  prefill?: TuningPrefill;
}) {
  if (tuning.loadError) {
    return (
      <div role="alert" className="sniff-panel sniff-panel--error">
        <p>Could not load the search settings: {tuning.loadError}</p>
        <Button onClick={tuning.reload}>Try Again</Button>
      </div>
    );
  }
  const settings = tuning.settings;
  if (!settings) {
    return (
      <p>
        <Spinner label="Loading search settings" /> Loading search settings...
      </p>
    );
  }
  const placed = placeProblem(tuning.problem);
  return (
    <div className="tuning">
      <p>
        Tune how visitors’ searches match this store’s pages. Save Changes saves them with the widget’s look; they apply
        to the search bar right away.
      </p>
      <SynonymRules
        rules={settings.synonyms}
        onChange={(synonyms) => tuning.edit({ ...settings, synonyms })}
        ruleError={placed.rule}
        sectionError={placed.synonyms}
        disabled={tuning.saving}
        prefill={prefill?.synonym}
      />
      <PinnedAnswers
        storeId={storeId}
        pins={settings.pins}
        onChange={(pins) => tuning.edit({ ...settings, pins })}
        pinError={placed.pin}
        sectionError={placed.pins}
        disabled={tuning.saving}
        prefill={prefill?.pin}
      />
      <StopWords
        words={settings.stopWords}
        onChange={(stopWords) => tuning.edit({ ...settings, stopWords })}
        wordError={placed.stopWord}
        sectionError={placed.stopWords}
        disabled={tuning.saving}
      />
      <HiddenSuggestions
        storeId={storeId}
        hidden={settings.hiddenSuggestions}
        onChange={(hiddenSuggestions) => tuning.edit({ ...settings, hiddenSuggestions })}
        sectionError={placed.hidden}
        disabled={tuning.saving}
      />
      <AllowedSites
        sites={settings.allowedSites}
        onChange={(allowedSites) => tuning.edit({ ...settings, allowedSites })}
        siteError={placed.site}
        sectionError={placed.sites}
        disabled={tuning.saving}
      />
      {placed.elsewhere && (
        <p role="alert" className="sniff-error">
          Could not save the search settings: {placed.elsewhere}
        </p>
      )}
      {tuning.problem && !placed.elsewhere && (
        <p className="sniff-error">Not saved: correct the rule, pin, word or site marked above.</p>
      )}
      {tuning.dirty && (
        <div className="wizard-page-actions">
          <Button variant="secondary" disabled={tuning.saving} onClick={tuning.discard}>
            Discard changes
          </Button>
        </div>
      )}
    </div>
  );
}
