import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { ProcessDiagramProps } from '../../schemas/types/blocks.js';
import './process-diagram.css';

/** The trading process as numbered steps (an ordered list, so it reads in order without the picture). */
export default function ProcessDiagram({ props }: BlockComponentProps<ProcessDiagramProps>) {
  return (
    <ol className="tm-process">
      {(props.steps ?? []).map((step, i) => (
        <li key={step.title} className="tm-process__step">
          <span className="tm-process__no" aria-hidden="true">
            {i + 1}
          </span>
          <span className="tm-process__title">{step.title}</span>
          {step.description && <span className="tm-process__desc">{step.description}</span>}
        </li>
      ))}
    </ol>
  );
}
