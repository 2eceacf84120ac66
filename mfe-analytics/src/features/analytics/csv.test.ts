import { toCsv } from './csv';

test('exports a header and rows, quoting where needed and defusing spreadsheet formulas', () => {
  const csv = toCsv(
    [
      { key: 'query', header: 'query' },
      { key: 'count', header: 'count' },
    ],
    [
      { query: 'sourdough, rye', count: 3 },
      { query: '=HYPERLINK("http://evil.example")', count: 1 },
      { query: '+1 cake', count: 2 },
    ],
  );
  expect(csv.trim().split('\n')).toEqual([
    'query,count',
    '"sourdough, rye",3',
    `"'=HYPERLINK(""http://evil.example"")",1`,
    "'+1 cake,2",
  ]);
});
