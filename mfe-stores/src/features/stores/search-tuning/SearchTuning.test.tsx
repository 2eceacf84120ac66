/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, renderPage, type Reply } from '@sniff/shell-sdk/testing';
import { ALLOWED_SITE_MESSAGE, type SearchSettings } from '@sniff/contracts';
import { storesApi } from '../../../shared/api';
import { StoresPage } from '../StoresPage';

const apis = [storesApi];
const bakery = {
  id: 'st_1',
  name: 'Demo Bakery',
  url: 'https://bakery.example.com',
  platform: 'custom',
  store_type: 'business',
  status: 'done',
};
const SETTINGS_PATH = 'stores/stores/st_1/search-settings';
const SUGGESTIONS_PATH = 'stores/stores/st_1/suggestions';
const NOT_A_WORD = 'each entry must be a single word of letters or digits';

/** Settings as a test writes them: no hidden suggestions or allowed sites unless given. */
type Settings = Omit<SearchSettings, 'hiddenSuggestions' | 'allowedSites' | 'pins'> & {
  hiddenSuggestions?: string[];
  allowedSites?: string[];
  pins?: SearchSettings['pins'];
};

/**
 * Serves the stores list, a store's search settings and its suggestions: GET answers the saved
 * settings, PUT (a body with the lists) goes to `onSave`, which by default saves them.
 */
function fakeSettingsApi(
  initial: Settings,
  onSave?: (body: Record<string, unknown>) => Reply | Promise<Reply>,
  onLoad?: () => Reply | undefined,
  suggestions: () => Reply = () => ({ body: { suggestions: [] } }),
) {
  let saved: SearchSettings = { hiddenSuggestions: [], allowedSites: [], pins: [], ...initial };
  const calls = installFakeApi({
    'stores/managestores/list-stores': () => ({ body: [bakery] }),
    [SETTINGS_PATH]: (body) => {
      if (!('synonyms' in body || 'stopWords' in body)) return onLoad?.() ?? { body: saved };
      if (onSave) return onSave(body);
      saved = {
        synonyms: body.synonyms,
        stopWords: body.stopWords,
        hiddenSuggestions: body.hiddenSuggestions ?? [],
        allowedSites: body.allowedSites ?? [],
        pins: body.pins ?? [],
      } as SearchSettings;
      return { body: saved };
    },
    [SUGGESTIONS_PATH]: suggestions,
  });
  return { calls, saves: () => calls.filter((c) => c.path === SETTINGS_PATH && 'synonyms' in c.body) };
}

async function openTuning() {
  renderPage(<StoresPage />, { apis });
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Bakery' }));
  fireEvent.click(await screen.findByRole('tab', { name: 'Search tuning' }));
  return screen.getByRole('region', { name: 'Manage Demo Bakery' });
}

/** The manage panel's one save button (it saves the search tuning with the widget's look, then closes). */
const saveButton = () =>
  within(screen.getByRole('region', { name: 'Manage Demo Bakery' })).getByRole('button', { name: 'Save Changes' });
const panelClosed = () =>
  waitFor(() => expect(screen.queryByRole('region', { name: 'Manage Demo Bakery' })).toBeNull());
const reopenTuning = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Manage Demo Bakery' }));
  fireEvent.click(await screen.findByRole('tab', { name: 'Search tuning' }));
};
const stopWordField = () => screen.getByLabelText('Add stop words (separate with commas or spaces)');
const addStopWords = (text: string) => {
  fireEvent.change(stopWordField(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
};
const addTwoWay = (text: string) => {
  fireEvent.change(screen.getByLabelText('Words that mean the same (separate with commas)'), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
};
const addOneWay = (from: string, to: string) => {
  fireEvent.click(screen.getByRole('radio', { name: 'One-way' }));
  fireEvent.change(screen.getByLabelText('When visitors search for'), { target: { value: from } });
  fireEvent.change(screen.getByLabelText('Also find (separate with commas)'), { target: { value: to } });
  fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
};
const ruleTexts = () =>
  within(screen.getByRole('list', { name: 'Synonym rules' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const ruleProblem = () => within(screen.getByRole('form', { name: 'Add a synonym rule' })).getByRole('alert');
const stopWordProblem = () => within(screen.getByRole('form', { name: 'Add stop words' })).getByRole('alert');
const chips = () =>
  within(screen.getByRole('list', { name: 'Stop words' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''));

test('the Search tuning tab loads the store’s synonyms and stop words when it is first opened', async () => {
  const { calls } = fakeSettingsApi({
    synonyms: [
      { kind: 'two-way', words: ['sofa', 'couch'] },
      { kind: 'one-way', from: 'phone', to: ['iphone', 'smartphone'] },
    ],
    stopWords: ['the', 'and'],
  });
  renderPage(<StoresPage />, { apis });
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Demo Bakery' }));
  expect(await screen.findByRole('tab', { name: 'Details', selected: true })).toBeTruthy();
  expect(calls.some((c) => c.path === SETTINGS_PATH)).toBe(false);

  fireEvent.click(screen.getByRole('tab', { name: 'Search tuning' }));
  expect(screen.getByText('Loading search settings...')).toBeTruthy();
  expect(await screen.findByRole('list', { name: 'Synonym rules' })).toBeTruthy();
  expect(ruleTexts()).toEqual([
    expect.stringContaining('sofa ⇄ couch'),
    expect.stringContaining('phone → also finds iphone, smartphone'),
  ]);
  expect(chips()).toEqual(['the', 'and']);
  // One save for the whole panel (issue 31): the tab has none of its own.
  const panel = screen.getByRole('region', { name: 'Manage Demo Bakery' });
  expect(
    within(panel)
      .getAllByRole('button', { name: /save/i })
      .map((b) => b.textContent),
  ).toEqual(['Save Changes']);
});

test('an owner adds and removes rules and stop words, then Save Changes saves them: Saving..., then Search settings saved.', async () => {
  let finish: (reply: Reply) => void = () => undefined;
  const { saves } = fakeSettingsApi(
    { synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }], stopWords: ['the'] },
    () => new Promise<Reply>((resolve) => (finish = resolve)),
  );
  await openTuning();
  await screen.findByRole('list', { name: 'Synonym rules' });

  addTwoWay(' jumper, Sweater ,pullover, jumper ');
  addOneWay('laptop', 'notebook, ultrabook');
  fireEvent.click(screen.getByRole('button', { name: 'Remove rule sofa, couch' }));
  addStopWords('and, of  a');
  fireEvent.click(screen.getByRole('button', { name: 'Remove stop word the' }));
  expect(ruleTexts()).toEqual([
    expect.stringContaining('jumper ⇄ Sweater ⇄ pullover'),
    expect.stringContaining('laptop → also finds notebook, ultrabook'),
  ]);
  expect(chips()).toEqual(['and', 'of', 'a']);

  fireEvent.click(saveButton());
  const saving = await screen.findByRole('button', { name: 'Saving...' });
  expect((saving as HTMLButtonElement).disabled).toBe(true);
  const expected: SearchSettings = {
    synonyms: [
      { kind: 'two-way', words: ['jumper', 'Sweater', 'pullover'] },
      { kind: 'one-way', from: 'laptop', to: ['notebook', 'ultrabook'] },
    ],
    stopWords: ['and', 'of', 'a'],
    hiddenSuggestions: [],
    allowedSites: [],
    pins: [],
  };
  expect(saves()).toHaveLength(1);
  expect(saves()[0]!.body).toEqual({ ...expected, email: 'owner@example.com' });

  finish({ body: expected });
  expect(await screen.findByText('Search settings saved.')).toBeTruthy();
  await panelClosed();
  await reopenTuning();
  expect(chips()).toEqual(['and', 'of', 'a']);
  expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
});

test('says what is wrong with a rule or stop word before anything is sent', async () => {
  const { saves } = fakeSettingsApi({ synonyms: [], stopWords: ['the'] });
  await openTuning();
  await screen.findByText('No synonyms yet.');

  addTwoWay('sofa');
  expect(ruleProblem().textContent).toBe('Enter at least two words, separated by commas.');
  const words = screen.getByLabelText('Words that mean the same (separate with commas)');
  expect(words.getAttribute('aria-invalid')).toBe('true');
  addTwoWay('t-shirt, tee');
  expect(ruleProblem().textContent).toBe(`“t-shirt”: ${NOT_A_WORD}`);
  addTwoWay('ice cream, gelato');
  expect(ruleProblem().textContent).toBe(`“ice cream”: ${NOT_A_WORD}`);
  expect(screen.getByText('No synonyms yet.')).toBeTruthy();

  addOneWay('', 'iphone');
  expect(ruleProblem().textContent).toBe('Enter the word visitors search for.');
  addOneWay('phone', 'phone');
  expect(ruleProblem().textContent).toBe('Enter at least one other word it should also find.');

  addStopWords('The');
  expect(stopWordProblem().textContent).toBe('Already a stop word: The');
  addStopWords('don’t');
  expect(stopWordProblem().textContent).toBe(`“don’t”: ${NOT_A_WORD}`);
  expect(stopWordField().getAttribute('aria-invalid')).toBe('true');
  expect(chips()).toEqual(['the']);

  expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
  expect(saves()).toHaveLength(0);
});

test('shows the API’s validation message next to the word or rule it names, and keeps the edits', async () => {
  const refusals: Reply[] = [
    {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', field: 'stopWords.1', message: `stopWords.1: ${NOT_A_WORD}` },
    },
    {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        field: 'synonyms.0.words',
        message: 'synonyms.0.words: Too small: expected array to have >=2 items',
      },
    },
  ];
  fakeSettingsApi({ synonyms: [{ kind: 'two-way', words: ['sofa', 'couch'] }], stopWords: ['the'] }, () =>
    refusals.shift()!,
  );
  await openTuning();
  await screen.findByRole('list', { name: 'Stop words' });
  addStopWords('and');

  fireEvent.click(saveButton());
  const alert = await screen.findByText(`“and”: ${NOT_A_WORD}`);
  expect(alert.getAttribute('role')).toBe('alert');
  expect(screen.getByText('Not saved: correct the rule, pin, word or site marked above.')).toBeTruthy();
  expect(chips()).toEqual(['the', 'and']);
  expect(screen.getByText('and').closest('li')?.className).toContain('tuning-invalid');

  fireEvent.click(saveButton());
  const rule = screen.getByRole('button', { name: 'Remove rule sofa, couch' }).closest('li')!;
  await waitFor(() =>
    expect(within(rule).getByRole('alert').textContent).toBe('Too small: expected array to have >=2 items'),
  );
  // Editing clears the complaint.
  addStopWords('of');
  expect(screen.queryByText('Not saved: correct the rule, pin, word or site marked above.')).toBeNull();
});

test('a failed save says why and can be retried', async () => {
  let fail = true;
  fakeSettingsApi({ synonyms: [], stopWords: [] }, (body) =>
    fail
      ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'The stores service is down' } }
      : { body: { synonyms: body.synonyms, stopWords: body.stopWords, hiddenSuggestions: [] } },
  );
  await openTuning();
  await screen.findByText('No stop words yet.');
  addStopWords('the');
  fireEvent.click(saveButton());
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Could not save the search settings: The stores service is down',
  );
  expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
  fail = false;
  fireEvent.click(saveButton());
  expect(await screen.findByText('Search settings saved.')).toBeTruthy();
  await panelClosed();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('when the settings cannot be loaded, says so and Try Again loads them', async () => {
  let down = true;
  fakeSettingsApi({ synonyms: [], stopWords: ['the'] }, undefined, () =>
    down ? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Store not found' } } : undefined,
  );
  await openTuning();
  expect((await screen.findByRole('alert')).textContent).toContain(
    'Could not load the search settings: Store not found',
  );
  down = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  await waitFor(() => expect(chips()).toEqual(['the']));
});

test('Discard changes goes back to the saved settings', async () => {
  const { saves } = fakeSettingsApi({ synonyms: [], stopWords: ['the'] });
  await openTuning();
  await screen.findByRole('list', { name: 'Stop words' });
  addStopWords('and');
  fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
  expect(chips()).toEqual(['the']);
  expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
  expect(saves()).toHaveLength(0);
});

test('Save Changes also saves unsaved search tuning before closing; if that fails the panel stays on the tab', async () => {
  let fail = true;
  const { saves } = fakeSettingsApi({ synonyms: [], stopWords: [] }, (body) =>
    fail
      ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'Try again later' } }
      : { body: { synonyms: body.synonyms, stopWords: body.stopWords, hiddenSuggestions: [] } },
  );
  const panel = await openTuning();
  await screen.findByText('No stop words yet.');
  addStopWords('the');
  // Edits survive a look at the Details tab.
  fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
  expect((await screen.findByText('Could not save the search settings: Try again later')).getAttribute('role')).toBe(
    'alert',
  );
  expect(screen.getByRole('tab', { name: 'Search tuning', selected: true })).toBeTruthy();
  expect(chips()).toEqual(['the']);

  fail = false;
  fireEvent.click(within(panel).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Manage Demo Bakery' })).toBeNull());
  expect(saves().map((c) => c.body.stopWords)).toEqual([['the'], ['the']]);
});

describe('suggestions an owner hides', () => {
  const popular = [
    { query: 'gluten free bread', visitors: 12, hidden: false },
    { query: 'buy cheap pills', visitors: 3, hidden: false },
  ];
  const suggestedList = () =>
    within(screen.getByRole('list', { name: 'Suggested to visitors' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
  const hiddenChips = () =>
    within(screen.getByRole('list', { name: 'Hidden suggestions' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace('×', ''));
  const hideField = () => screen.getByLabelText('Hide a suggestion (as visitors see it)');
  const hideProblem = () => within(screen.getByRole('form', { name: 'Hide a suggestion' })).getByRole('alert');

  test('lists what visitors are suggested; Hide moves one to the hidden list, saved with the settings', async () => {
    const { saves } = fakeSettingsApi({ synonyms: [], stopWords: [] }, undefined, undefined, () => ({
      body: { suggestions: popular },
    }));
    await openTuning();
    expect(await screen.findByText('Loading suggestions...')).toBeTruthy();
    await screen.findByRole('list', { name: 'Suggested to visitors' });
    expect(suggestedList()).toEqual(['gluten free bread12 visitorsHide', 'buy cheap pills3 visitorsHide']);
    expect(screen.getByText('No hidden suggestions.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide suggestion buy cheap pills' }));
    expect(suggestedList()).toEqual(['gluten free bread12 visitorsHide']);
    expect(hiddenChips()).toEqual(['buy cheap pills']);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Search settings saved.')).toBeTruthy();
    expect(saves()[0]!.body).toMatchObject({ hiddenSuggestions: ['buy cheap pills'] });
    await panelClosed();

    // Shown again: back in the list once saved.
    await reopenTuning();
    fireEvent.click(await screen.findByRole('button', { name: 'Show suggestion buy cheap pills again' }));
    expect(screen.getByText('No hidden suggestions.')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toMatchObject({ hiddenSuggestions: [] });
  });

  test('hides a text typed in, as visitors would see it, and says what is wrong with an empty or repeated one', async () => {
    const { saves } = fakeSettingsApi({ synonyms: [], stopWords: [], hiddenSuggestions: ['spam here'] });
    await openTuning();
    expect(
      await screen.findByText(
        'No popular searches are suggested yet. A search is suggested once several visitors have made it over time.',
      ),
    ).toBeTruthy();
    fireEvent.change(hideField(), { target: { value: '  Visit  EVIL.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(hiddenChips()).toEqual(['spam here', 'visit evil.example']);
    expect((hideField() as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(hideProblem().textContent).toBe('Enter the suggestion as visitors see it.');
    expect(hideField().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(hideField(), { target: { value: 'SPAM here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(hideProblem().textContent).toBe('Already hidden: spam here');

    fireEvent.click(saveButton());
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ hiddenSuggestions: ['spam here', 'visit evil.example'] });
  });

  test('when the suggestions cannot be loaded, says so; Try Again loads them; the rest of the tab works', async () => {
    let down = true;
    fakeSettingsApi({ synonyms: [], stopWords: ['the'] }, undefined, undefined, () =>
      down
        ? {
            status: 503,
            body: { statusCode: 503, error: 'Service Unavailable', message: 'The analytics service is unavailable' },
          }
        : { body: { suggestions: popular } },
    );
    await openTuning();
    const alert = await screen.findByText('Could not load the suggestions: The analytics service is unavailable');
    expect(chips()).toEqual(['the']);
    down = false;
    fireEvent.click(within(alert.closest('[role=alert]') as HTMLElement).getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('list', { name: 'Suggested to visitors' });
    expect(suggestedList()).toHaveLength(2);
  });
});

describe('sites allowed to use the widget', () => {
  const siteField = () =>
    screen.getByLabelText('Add a site (a host name like example.com, or paste its address)') as HTMLInputElement;
  const siteChips = () =>
    within(screen.getByRole('list', { name: 'Allowed sites' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace('×', ''));
  const siteProblem = () => within(screen.getByRole('form', { name: 'Add an allowed site' })).getByRole('alert');
  const addSite = async (text: string) => {
    await userEvent.clear(siteField());
    await userEvent.type(siteField(), text);
    await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
  };

  test('lists them with what they do; an owner adds sites (button or Enter, a pasted address becomes its host), removes one and saves', async () => {
    const { saves } = fakeSettingsApi({ synonyms: [], stopWords: [], allowedSites: ['bakery.example.com'] });
    await openTuning();
    expect(await screen.findByRole('list', { name: 'Allowed sites' })).toBeTruthy();
    expect(
      screen.getByText(
        /Your widget answers only on these sites \(and their subdomains\)\. Leave the list empty to allow any site\./,
      ),
    ).toBeTruthy();
    expect(siteChips()).toEqual(['bakery.example.com']);

    await addSite('https://Shop.Example.org/cart?x=1');
    expect(siteChips()).toEqual(['bakery.example.com', 'shop.example.org']);
    expect(siteField().value).toBe('');
    await userEvent.type(siteField(), 'localhost:8095{Enter}');
    expect(siteChips()).toEqual(['bakery.example.com', 'shop.example.org', 'localhost:8095']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove allowed site bakery.example.com' }));
    expect(siteChips()).toEqual(['shop.example.org', 'localhost:8095']);

    await userEvent.click(saveButton());
    expect(await screen.findByText('Search settings saved.')).toBeTruthy();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toMatchObject({ allowedSites: ['shop.example.org', 'localhost:8095'] });
    await panelClosed();
    await reopenTuning();
    await waitFor(() => expect(siteChips()).toEqual(['shop.example.org', 'localhost:8095']));
  });

  test('removing every site says any site can use the widget, and saves the empty list', async () => {
    const { saves } = fakeSettingsApi({ synonyms: [], stopWords: [], allowedSites: ['bakery.example.com'] });
    await openTuning();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove allowed site bakery.example.com' }));
    expect(screen.getByText('No allowed sites: any site can use your widget.')).toBeTruthy();
    await userEvent.click(saveButton());
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ allowedSites: [] });
  });

  test('says what is wrong with a site on its field before anything is sent', async () => {
    const { saves } = fakeSettingsApi({ synonyms: [], stopWords: [], allowedSites: ['bakery.example.com'] });
    await openTuning();
    await screen.findByRole('list', { name: 'Allowed sites' });

    await addSite('*.example.com');
    expect(siteProblem().textContent).toBe('“*.example.com”: write example.com: subdomains are always included');
    expect(siteField().getAttribute('aria-invalid')).toBe('true');
    expect(siteField().getAttribute('aria-describedby')).toBe(siteProblem().id);
    await addSite('/shop');
    expect(siteProblem().textContent).toBe(`“/shop”: ${ALLOWED_SITE_MESSAGE}`);
    await addSite('https://Bakery.example.com/');
    expect(siteProblem().textContent).toBe('Already allowed: bakery.example.com');
    await userEvent.clear(siteField());
    await userEvent.click(screen.getByRole('button', { name: 'Add site' }));
    expect(siteProblem().textContent).toBe('Enter a site, such as example.com.');
    // Typing again clears the complaint.
    await userEvent.type(siteField(), 'e');
    expect(siteField().getAttribute('aria-invalid')).toBeNull();
    expect(within(screen.getByRole('form', { name: 'Add an allowed site' })).queryByRole('alert')).toBeNull();

    expect(siteChips()).toEqual(['bakery.example.com']);
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    expect(saves()).toHaveLength(0);
  });

  test('shows the API’s message on the site it names and keeps the edits', async () => {
    fakeSettingsApi({ synonyms: [], stopWords: [], allowedSites: ['bakery.example.com'] }, () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        field: 'allowedSites.1',
        message: `allowedSites.1: ${ALLOWED_SITE_MESSAGE}`,
      },
    }));
    await openTuning();
    await screen.findByRole('list', { name: 'Allowed sites' });
    await addSite('shop.example.org');
    await userEvent.click(saveButton());

    const alert = await screen.findByText(`“shop.example.org”: ${ALLOWED_SITE_MESSAGE}`);
    expect(alert.getAttribute('role')).toBe('alert');
    const remove = screen.getByRole('button', { name: 'Remove allowed site shop.example.org' });
    expect(remove.closest('li')?.className).toContain('tuning-invalid');
    expect(remove.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.getByText('Not saved: correct the rule, pin, word or site marked above.')).toBeTruthy();
    expect(siteChips()).toEqual(['bakery.example.com', 'shop.example.org']);
  });
});
