import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { PersonalNavProps } from '../../schemas/types/blocks.js';
import './personal-nav.css';

/**
 * The personal centre's header: the user's name and masked phone, and the sections as tabs kept in the route query,
 * so reload and back/forward keep the section and each section is an ordinary block chosen by `when`.
 */
export default function PersonalNav({ props, blockId }: BlockComponentProps<PersonalNavProps>) {
  const client = useApiClient();
  const session = useSession();
  const { pathname, search } = useLocation();
  const [name, setName] = useState<string>('');
  const current = new URLSearchParams(search).get('tab') ?? props.tabs[0].key;

  useEffect(() => {
    let live = true;
    client.call('getUserInfoByUserId', { body: {} }).then(
      (info) => live && setName(info.name ?? ''),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, session.token]);

  const href = (key: string) => {
    const next = new URLSearchParams(search);
    next.set('tab', key);
    next.delete('page');
    return `${pathname}?${next.toString()}`;
  };
  return (
    <div className="tm-personal-nav">
      <div className="tm-personal-nav__who">
        <span className="tm-personal-nav__avatar" aria-hidden="true">
          {(name || '用')[0]}
        </span>
        <div>
          <h1 id={`${blockId}-title`} className="tm-personal-nav__title">
            {props.title ?? '个人中心'}
          </h1>
          <p className="tm-personal-nav__user">
            {name ? `${name}，` : ''}您好！当前账号：{session.maskedPhone}
          </p>
        </div>
      </div>
      <nav aria-labelledby={`${blockId}-title`}>
        <ul className="tm-personal-nav__tabs">
          {props.tabs.map((tab) => (
            <li key={tab.key}>
              <Link to={href(tab.key)} aria-current={tab.key === current ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
