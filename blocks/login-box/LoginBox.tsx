import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { LoginBoxProps } from '../../schemas/types/blocks.js';
import { useSession } from '../../engine/react/PortalClientProvider.js';
import { useSessionActor, useSessionState } from '../../engine/react/SessionProvider.js';
import { PasswordResetLink } from '../_parts/PasswordResetLink.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import './login-box.css';
import { safeUrl } from '../_parts/url-policy.js';
import { loginReturnOf } from '../_parts/login-return.js';

/** The phone field's value: trimmed first, then held to 11 characters. */
export function phoneInput(typed: string): string {
  return typed.trim().slice(0, 11);
}

/**
 * The login form (home login box and /login): phone and password through the session machine — the spec's
 * messages for blanks (手机号不可为空, 密码不可为空), the server's msg on failure, 登录成功 on success. Logged in, it
 * greets the user instead. What was typed stays when a login fails. The region's `loginImg` is drawn beside the form
 * (above it in a narrow column), and its `lesseeId` goes with the login as areaId.
 *
 * Unlike the other forms it is not drawn by rjsf: it sits on home pages, whose first view would carry rjsf's ~65 KB
 * gzip for two fields, and the spec says its blanks as messages (§5) from the session machine, not by the fields.
 */
export default function LoginBox({ props, blockId }: BlockComponentProps<LoginBoxProps>) {
  const session = useSession();
  const region = useRegion();
  const actor = useSessionActor();
  const { status, user } = useSessionState();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = status === 'loggingIn';
  const location = useLocation();
  const navigate = useNavigate();
  const welcomeLink = useRef<HTMLAnchorElement>(null);
  // Logged in here: back to the page that asked for the login (a project's 请先登录), or, staying, the keyboard's place
  // moves from the vanished form to the greeting's link.
  const loggedInHere = useRef(false);
  if (busy) loggedInHere.current = true;
  const welcome = session.loggedIn && !busy;
  useEffect(() => {
    if (!welcome || !loggedInHere.current) return;
    loggedInHere.current = false;
    const back = loginReturnOf(location.state, [location.pathname]);
    if (back) navigate(back, { replace: true });
    else if (document.activeElement === document.body || !document.activeElement) welcomeLink.current?.focus();
  }, [welcome]); // eslint-disable-line react-hooks/exhaustive-deps

  if (welcome) {
    return (
      <div className="tm-loginbox tm-loginbox--welcome">
        <p>欢迎您，{session.maskedPhone}</p>
        <Link ref={welcomeLink} className="tm-button" to={props.personalRoute ?? '/personal'}>
          进入个人中心
        </Link>
        {user && user.role !== 'user' ? (
          <Link className="tm-button tm-button--plain" to={props.consoleRoute ?? '/admin'}>
            进入工作台
          </Link>
        ) : null}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The machine refuses blanks with the spec's words; the cursor goes where the person must type.
    if (!phone.trim()) phoneRef.current?.focus();
    else if (!password.trim()) passwordRef.current?.focus();
    // areaId is the region's tenant (lessee) number (spec §3 login payload); the deptId header says the place.
    actor.send({ type: 'LOGIN', username: phone, password, areaId: region.lesseeId, loginType: 1 });
  };

  const form = (
    <form className="tm-loginbox" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="tm-field">
        <label htmlFor={`${blockId}-phone`}>手机号</label>
        <input
          ref={phoneRef}
          id={`${blockId}-phone`}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          placeholder="请输入手机号"
          value={phone}
          // Spaces around a pasted or typed number are dropped before the 11-digit limit applies, so
          // " 13800000001" keeps all its digits (an input maxLength would cut the last one off instead).
          onChange={(e) => setPhone(phoneInput(e.target.value))}
        />
      </div>
      <div className="tm-field">
        <label htmlFor={`${blockId}-password`}>密码</label>
        <input
          ref={passwordRef}
          id={`${blockId}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="请输入密码"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="tm-button tm-loginbox__submit" disabled={busy}>
        {busy ? '正在登录…' : '登录'}
      </button>
      <p className="tm-loginbox__links">
        <Link to={props.registerRoute ?? '/register'}>注册账号</Link>
        <PasswordResetLink />
      </p>
    </form>
  );
  // The region's login picture (loginImg) beside the form; decorative, so screen readers skip it.
  const loginImg = safeUrl(region.loginImg);
  if (!loginImg || props.showImage === false) return form;
  return (
    <div className="tm-loginbox-frame">
      <img className="tm-loginbox__image" src={loginImg} alt="" aria-hidden="true" />
      {form}
    </div>
  );
}
