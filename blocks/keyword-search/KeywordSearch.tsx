import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { KeywordSearchProps } from '../../schemas/types/blocks.js';
import './keyword-search.css';

/**
 * A keyword box over the list below it: 查询 puts the keyword in the route query (and the list back to page 1), so a
 * list block's source reads it (`keyword: { $from: query.keyword }`), and reload, back and a shared link keep it.
 */
export default function KeywordSearch({ props, blockId }: BlockComponentProps<KeywordSearchProps>) {
  const param = props.param ?? 'keyword';
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = new URLSearchParams(search).get(param) ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);

  const go = (keyword: string) => {
    const next = new URLSearchParams(search);
    if (keyword) next.set(param, keyword);
    else next.delete(param);
    next.delete('page');
    const query = next.toString();
    navigate(query ? `${pathname}?${query}` : pathname);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(text.trim());
  };
  const inputId = `${blockId}-input`;
  return (
    <form className="tm-keyword-search" role="search" aria-label={props.label ?? '关键词'} onSubmit={submit}>
      <label htmlFor={inputId} className="tm-keyword-search__label">
        {props.label ?? '关键词'}
      </label>
      <input
        id={inputId}
        type="search"
        className="tm-keyword-search__input"
        value={text}
        maxLength={100}
        placeholder={props.placeholder}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="tm-button">
        {props.buttonText ?? '查询'}
      </button>
      {current ? (
        <button type="button" className="tm-button tm-keyword-search__clear" onClick={() => go('')}>
          清除
        </button>
      ) : null}
      {current ? (
        <p className="tm-keyword-search__status" role="status">
          “{current}”的查询结果
        </p>
      ) : null}
    </form>
  );
}
