import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { SiteHeaderProps } from '../../schemas/types/blocks.js';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import { useSessionActor } from '../../engine/react/SessionProvider.js';
import { useMessagesVersion } from '../../engine/react/MessagesProvider.js';
import { useRealtimeNotice, useRealtimeStatus } from '../../engine/react/RealtimeProvider.js';
import { useFlags, useRegion } from '../../engine/react/RegionProvider.js';
import { documentTitle } from '../../engine/runtime/title.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { SearchForm } from '../_parts/SearchForm.js';
import { headerSubtitle } from './subtitle.js';
import './site-header.css';
import { headerBackground } from './first-paint.js';
import { loginReturnState } from '../_parts/login-return.js';

/**
 * Whether the logged-in user has unread messages (the dot on 个人中心): asked once at load, then kept by the
 * real-time channel's `notice` messages when the region runs one, else polled. Silent on failure.
 */
function useHasNewMessage(enabled: boolean, pollSeconds: number): boolean {
  const client = useApiClient();
  const realtime = useRealtimeStatus();
  const notice = useRealtimeNotice();
  const messagesVersion = useMessagesVersion();
  const [unread, setUnread] = useState(false);
  const poll = realtime === 'off';
  useEffect(() => {
    if (!enabled) {
      setUnread(false);
      return;
    }
    let live = true;
    // The server's count covers every notice so far: the channel's own flag is no longer needed.
    if (messagesVersion > 0) notice.seen();
    const check = () =>
      client.request('messageListByRefId', { body: { pageNum: 1, pageSize: 1 } }).then(
        (envelope) => live && setUnread(envelope.code === 200 && envelope.data.unread > 0),
        () => undefined,
      );
    void check();
    const timer = poll ? setInterval(check, pollSeconds * 1000) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
    // Counted again after the user reads a message here (messagesVersion), so the dot goes out with the last one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, enabled, pollSeconds, poll, messagesVersion]);
  return enabled && (unread || notice.hasNewMessage);
}

/**
 * The site header: platform title (one line, or two with `doubletitle`; a place's own second heading with
 * `toCityChangeTitle`), the backend login link when configured, the visitor's login state — the masked phone
 * (flag `showPhoneId`), 个人中心 with a dot for new messages, 退出 — or 登录 / 注册, and the site search box (unless
 * `search` is false).
 */
export default function SiteHeader({ props }: BlockComponentProps<SiteHeaderProps>) {
  const region = useRegion();
  const flags = useFlags();
  const session = useSession();
  const sessionActor = useSessionActor();
  // 登录 brings the visitor back to the page they were on.
  const location = useLocation();
  const hasNew = useHasNewMessage(session.loggedIn, props.messagePollSeconds ?? 60);
  const title = documentTitle(region);
  const subtitle = headerSubtitle(region, session, props.placeSubtitle);
  const background = headerBackground(region.homeBackImg, region.theme);

  // The session machine ends the server's session (best effort), clears the login, says 退出登录成功 and reloads.
  const logout = () => sessionActor.send({ type: 'LOGOUT' });

  return (
    <div
      className="tm-header"
      // A veil in the header's colour over the region's picture keeps its text readable on any image (contrast ≥ 4.5:1).
      style={background ? { backgroundImage: background } : undefined}
    >
      <div className="tm-header__inner">
        <Link to="/" className="tm-header__brand">
          <span className="tm-header__emblem" aria-hidden="true">
            田
          </span>
          {subtitle ? (
            <span className="tm-header__titles">
              <span className="tm-header__title">{title}</span>
              <span className="tm-header__subtitle">{subtitle}</span>
            </span>
          ) : (
            <span className="tm-header__title">{title}</span>
          )}
        </Link>
        <div className="tm-header__side">
          <nav className="tm-header__user" aria-label="用户">
            {props.backendLogin && (
              <RouteLink to={props.backendLogin.href} className="tm-header__link">
                {props.backendLogin.label ?? '后台登录'}
              </RouteLink>
            )}
            {session.loggedIn ? (
              <>
                {/* showPhoneId: the phone masked to its first 3 and last 4 digits (spec §2, §9); otherwise not shown. */}
                {flags.showPhoneId && session.maskedPhone ? (
                  <span className="tm-header__phone">
                    <span className="tm-visually-hidden">当前用户：</span>
                    {session.maskedPhone}
                  </span>
                ) : null}
                <Link to={props.personalRoute ?? '/personal'} className="tm-header__link tm-header__personal">
                  个人中心
                  {hasNew && (
                    <span className="tm-header__dot">
                      <span className="tm-visually-hidden">（有新消息）</span>
                    </span>
                  )}
                </Link>
                <button type="button" className="tm-header__link tm-header__logout" onClick={logout}>
                  退出
                </button>
              </>
            ) : (
              <>
                <Link to={props.loginRoute ?? '/login'} state={loginReturnState(location)} className="tm-header__link">
                  登录
                </Link>
                <Link to={props.registerRoute ?? '/register'} className="tm-header__link">
                  注册
                </Link>
              </>
            )}
          </nav>
          {/* 检索, not 搜索: the header is on every page, and a page's own 搜索 button (a list filter) keeps its name. */}
          {props.search !== false && (
            <SearchForm
              variant="header"
              route={props.searchRoute ?? '/quanzhansousuo'}
              placeholder={props.searchPlaceholder ?? '查找文章、项目'}
              buttonText="检索"
            />
          )}
        </div>
      </div>
    </div>
  );
}
