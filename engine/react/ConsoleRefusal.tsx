import { Link } from 'react-router-dom';
import { useSessionState } from './SessionProvider.js';

export type Refusal = 'admin' | 'permission';

/**
 * Whether the signed-in staff account may not open a console page needing `permission` (a page permission, or
 * admin: administrators only). Nothing is refused before the session has answered, to a visitor's account (the
 * page's own notice says it has no console rights) or while a one-time password waits for its change.
 */
export function useConsoleRefusal(permission: string | undefined): Refusal | null {
  const { user } = useSessionState();
  if (!permission || !user || user.mustChangePassword) return null;
  if (user.role !== 'staff' && user.role !== 'admin') return null;
  if (permission === 'admin') return user.role === 'admin' ? null : 'admin';
  return (user.permissions ?? []).includes(permission as never) ? null : 'permission';
}

/** 无权限: what a console page says instead of its blocks to an account its role does not open it to. */
export function ConsoleRefusal({ title, refusal }: { title: string | undefined; refusal: Refusal }) {
  return (
    <section className="tm-console-refusal" aria-labelledby="tm-console-refusal-title">
      <h1 id="tm-console-refusal-title">无权限{title ? `：${title}` : ''}</h1>
      <p>{refusal === 'admin' ? '此页面仅供平台管理员使用。' : '您的角色没有此页面的权限。如需使用，请联系管理员为您的角色开通。'}</p>
      <p>
        <Link to="/admin" className="tm-button">
          返回工作台
        </Link>
      </p>
    </section>
  );
}
