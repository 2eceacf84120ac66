import { SOLUTION_STEPS } from './content';

/** How Sniff fixes it: three steps from sign-up to a working search bar. */
export function SolutionSection() {
  return (
    <section id="solution" aria-labelledby="solution-title">
      <div className="site-section__head">
        <p className="site-eyebrow">The solution</p>
        <h2 id="solution-title">A search bar that works, in three steps</h2>
        <p>Sniff hosts the index and the search bar for you. Nothing to install on your server, nothing to maintain.</p>
      </div>
      <ol className="steps">
        {SOLUTION_STEPS.map((s) => (
          <li key={s.title} className="site-card">
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
      <p className="solution-note">Setup takes about 2 minutes. No coding, no plugin, one script tag.</p>
    </section>
  );
}
