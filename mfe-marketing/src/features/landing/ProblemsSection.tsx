import { Tabs } from '../../shared/Tabs';
import { PROBLEMS, type Point } from './content';

function ProblemList({ points }: { points: Point[] }) {
  return (
    <div className="site-grid">
      {points.map((p) => (
        <article key={p.title} className="site-card problem-card">
          <h3>{p.title}</h3>
          <p>{p.text}</p>
        </article>
      ))}
    </div>
  );
}

/** Pain points, switched between SaaS websites and Squarespace. */
export function ProblemsSection() {
  return (
    <section id="problems" aria-labelledby="problems-title">
      <div className="site-section__head">
        <p className="site-eyebrow">The problem</p>
        <h2 id="problems-title">When search fails, visitors leave</h2>
        <p>Most small sites have no search bar or one that gives up at the first typo. Pick your kind of site:</p>
      </div>
      <Tabs
        idBase="problems"
        label="Kind of website"
        className="problem-tabs"
        items={[
          { key: 'saas', label: 'SaaS websites', content: <ProblemList points={PROBLEMS.saas} /> },
          { key: 'squarespace', label: 'Squarespace', content: <ProblemList points={PROBLEMS.squarespace} /> },
        ]}
      />
    </section>
  );
}
