import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { SearchBoxProps } from '../../schemas/types/blocks.js';
import { SearchForm } from '../_parts/SearchForm.js';

/** A site search box on its own (the not-found page, a home panel): opens the site-wide search with the keyword. */
export default function SearchBox({ props }: BlockComponentProps<SearchBoxProps>) {
  return (
    <div className="tm-search-box">
      {props.intro && <p className="tm-search-box__intro">{props.intro}</p>}
      <SearchForm route={props.route} label={props.label} placeholder={props.placeholder} buttonText={props.buttonText} />
    </div>
  );
}
