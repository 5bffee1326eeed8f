import { useId, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { withQuery } from './data.js';
import './search-form.css';

/** The server's bound on a keyword (siteSearch refuses longer ones). */
export const KEYWORD_MAX_LENGTH = 50;

/**
 * A site search box: a labelled search field and its button, opening `route?keyword=…` (the site-wide search).
 * Used by the header, the search-box block and the results page. An empty box opens the search page without a
 * keyword, which asks for one.
 */
export function SearchForm({
  route = '/quanzhansousuo',
  label = '全站搜索',
  placeholder = '请输入关键字',
  buttonText = '搜索',
  initial = '',
  variant = 'page',
}: {
  route?: string;
  /** The form's and the field's accessible name. */
  label?: string;
  placeholder?: string;
  buttonText?: string;
  initial?: string;
  variant?: 'header' | 'page';
}) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = input.current?.value.trim() ?? '';
    navigate(withQuery(route, { keyword }));
  };
  return (
    <form role="search" aria-label={label} className={`tm-search tm-search--${variant}`} onSubmit={onSubmit}>
      <label htmlFor={id} className="tm-visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        // The key resets the field when the page's keyword changes (back/forward, a new search elsewhere).
        key={initial}
        type="search"
        name="keyword"
        className="tm-search__input"
        defaultValue={initial}
        placeholder={placeholder}
        maxLength={KEYWORD_MAX_LENGTH}
        autoComplete="off"
      />
      <button type="submit" className="tm-search__button">
        {buttonText}
      </button>
    </form>
  );
}
