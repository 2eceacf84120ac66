import { COMPARISON, type Support } from './content';

const MARK: Record<Support, string> = { yes: 'Yes', partial: 'Partly', no: 'No' };

function Cell({ mark, note, sniff = false }: { mark: Support; note: string; sniff?: boolean }) {
  return (
    <td className={sniff ? 'compare-table__sniff' : undefined}>
      <span className={`compare-mark compare-mark--${mark}`}>{MARK[mark]}</span>
      <span className="compare-note">{note}</span>
    </td>
  );
}

export function ComparisonSection() {
  return (
    <section id="comparison" aria-labelledby="comparison-title">
      <div className="site-section__head">
        <p className="site-eyebrow">Compare</p>
        <h2 id="comparison-title">Sniff, Squarespace’s built-in search and other plugins</h2>
        <p>What visitors notice when they search, side by side.</p>
      </div>
      <div className="compare-wrap" tabIndex={0} role="region" aria-label="Comparison table">
        <table className="compare-table">
          <caption>
            Sniff compared with Squarespace’s built-in search and typical third-party search plugins. Other products
            change over time; check their current features before you decide.
          </caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col" className="compare-table__sniff">
                Sniff
              </th>
              <th scope="col">Squarespace built-in search</th>
              <th scope="col">Other search plugins</th>
            </tr>
          </thead>
          <tbody>
            {COMPARISON.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <Cell {...row.sniff} sniff />
                <Cell {...row.squarespace} />
                <Cell {...row.plugins} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
