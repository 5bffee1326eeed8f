import type { Problem } from './studio-api.js';

/** Problems in Chinese: where (by name), what, and the file line to look at. */
export function ProblemList({ title, problems }: { title: string; problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <section className="studio-problems" role="alert" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.where ? `${p.where}：` : ''}
            {p.message}
            {p.suggestion ? `（是否应为 ${p.suggestion}？）` : ''}
            <small>
              {' '}
              {p.file}:{p.line}
            </small>
          </li>
        ))}
      </ul>
    </section>
  );
}
