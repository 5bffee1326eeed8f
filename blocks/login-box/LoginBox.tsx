import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { LoginBoxProps } from '../../schemas/types/blocks.js';
import { isApiError } from '../../engine/http/index.js';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import './login-box.css';


/**
 * The home login box (`homeShowLogin`): phone and password, the spec's messages for blanks (手机号不可为空,
 * 密码不可为空), the server's msg on failure, 登录成功 on success. Logged in, it greets the user instead.
 */
export default function LoginBox({ props, blockId }: BlockComponentProps<LoginBoxProps>) {
  const client = useApiClient();
  const session = useSession();
  const region = useRegion();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'phone' | 'password' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (session.loggedIn) {
    return (
      <div className="tm-loginbox tm-loginbox--welcome">
        <p>欢迎您，{session.maskedPhone}</p>
        <Link className="tm-button" to={props.personalRoute ?? '/personal'}>进入个人中心</Link>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const username = phone.trim();
    if (!username) return setError({ field: 'phone', text: '手机号不可为空' });
    if (!password.trim()) return setError({ field: 'password', text: '密码不可为空' });
    setError(null);
    setBusy(true);
    try {
      const envelope = await client.request('login', { body: { username, password, areaId: region.deptId, loginType: 1 } as never });
      if (envelope.code !== 200) {
        setError({ field: 'form', text: envelope.msg });
        return;
      }
      client.session.setLogin(envelope.data.token, username);
      client.notifier.message('success', '登录成功');
    } catch (e) {
      // The client has already shown the catalogue's message; keep what the user typed and say it here too.
      setError({ field: 'form', text: isApiError(e) ? e.message : '登录失败，请重试' });
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (field: 'phone' | 'password') => (error && (error.field === field || error.field === 'form') ? `${blockId}-error` : undefined);
  return (
    <form className="tm-loginbox" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="tm-field">
        <label htmlFor={`${blockId}-phone`}>手机号</label>
        <input
          id={`${blockId}-phone`}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          placeholder="请输入手机号"
          value={phone}
          maxLength={11}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={error?.field === 'phone' || undefined}
          aria-describedby={describedBy('phone')}
        />
      </div>
      <div className="tm-field">
        <label htmlFor={`${blockId}-password`}>密码</label>
        <input
          id={`${blockId}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="请输入密码"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error?.field === 'password' || undefined}
          aria-describedby={describedBy('password')}
        />
      </div>
      <p id={`${blockId}-error`} className="tm-loginbox__error" role="alert">
        {error?.text ?? ''}
      </p>
      <button type="submit" className="tm-button tm-loginbox__submit" disabled={busy}>
        {busy ? '正在登录…' : '登录'}
      </button>
      <p className="tm-loginbox__links">
        <Link to={props.registerRoute ?? '/register'}>注册账号</Link>
        <Link to="/login?forgot=1">忘记密码</Link>
      </p>
    </form>
  );
}
