// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadForm, FORM_SCHEMAS } from '../../../blocks/schema-form/forms.js';
import { runtimeFormValidator } from '../../../engine/forms/runtime-validator.js';
import { validateForm } from '../../../engine/forms/validation.js';
import type { SchemaFormProps } from '../../../schemas/types/blocks.js';
import { latestSmsCode } from '../../server/users-helpers.js';
import { withSeededPortal } from './seeded-portal.js';

// Forms drawn from JSON Schema, in jsdom, against the real server over seeded PGlite: the demo region's own pages.
const portal = withSeededPortal('chunan');
const { region, portalClient, renderAt } = portal;

// A required field's label starts with its (aria-hidden) * mark.
const labelled = (label: string) => (content: string) => content.replace(/^\*/, '') === label;
const field = (label: string) => screen.getByLabelText(labelled(label)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('validation messages come from the schema', () => {
  it('uses the spec texts for blanks and bad formats, and names nothing by its key', async () => {
    const { schema: registerSchema, validator } = await loadForm('register');
    const errors = validateForm(registerSchema, { phone: '12345', password: 'short' }, validator);
    expect(errors).toEqual(
      expect.arrayContaining([
        { property: '.phone', message: '请输入正确的电话号码' },
        { property: '.code', message: '请输入验证码' },
        { property: '.password', message: '密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。' },
        { property: '.confirmPassword', message: '请再次输入密码' },
      ]),
    );
    expect(validateForm(registerSchema, {}, validator).find((e) => e.property === '.phone')?.message).toBe('请输入电话号码');
    expect(validateForm(registerSchema, { phone: '13912345678', code: '123456', password: 'Good#Pass1', confirmPassword: 'x' }, validator)).toEqual([]);
  });

  it("gives, precompiled, exactly the run-time ajv validator's messages on every form", async () => {
    // The portal's CSP refuses eval, so the browser uses the build-time validators; a person must read the same.
    const samples = (schema: { properties?: Record<string, unknown> }): unknown[] => {
      const keys = Object.keys(schema.properties ?? {});
      return [
        {},
        Object.fromEntries(keys.map((k) => [k, 'x'])),
        Object.fromEntries(keys.map((k) => [k, ''])),
        Object.fromEntries(keys.map((k) => [k, '字'.repeat(3000)])),
        Object.fromEntries(keys.map((k) => [k, 12])),
        Object.fromEntries(keys.map((k) => [k, -1.5])),
        Object.fromEntries(keys.map((k) => [k, [1]])),
      ];
    };
    let compared = 0;
    for (const form of Object.keys(FORM_SCHEMAS) as Array<SchemaFormProps['form']>) {
      const { schema, validator } = await loadForm(form);
      for (const data of samples(schema)) {
        const precompiled = validateForm(schema, data, validator);
        expect(precompiled, `${form} ${JSON.stringify(data).slice(0, 80)}`).toEqual(validateForm(schema, data, runtimeFormValidator));
        compared += precompiled.length;
      }
    }
    // The samples do fail: equal empty lists would show nothing.
    expect(compared).toBeGreaterThan(50);
  });
});

describe('/register', () => {
  it('refuses bad input beside each field without a request, keeps what was typed, then registers for real', async () => {
    const c = renderAt('#/register');
    await screen.findByLabelText(labelled('手机号'), undefined, { timeout: 10_000 });
    type('手机号', '1391234');
    type('密码', 'Good#Pass1');
    type('确认密码', 'Good#Pass2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
    });
    expect(await screen.findByText('请输入正确的电话号码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(field('手机号').getAttribute('aria-invalid')).toBe('true');
    expect(field('手机号').value).toBe('1391234');
    // Nothing went to the server: it would have refused 1391234 with a message.
    expect(c.notifier.entries).toEqual([]);

    const phone = '13912340077';
    type('手机号', phone);
    type('确认密码', 'Good#Pass1');
    // The code button sends to the phone in the form and counts down.
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重新获取' });
    type('验证码', (await latestSmsCode(portal.server.db, phone)).code);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
    });
    await waitFor(() => expect(c.notifier.entries).toContainEqual({ via: 'message', kind: 'success', text: '注册成功，请登录' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    const user = await portal.server.db.selectFrom('appUser').select(['phone']).where('phone', '=', phone).executeTakeFirst();
    expect(user?.phone).toBe(phone);
    // The new account logs in with the password it chose.
    const login = await c.client.request('login', { body: { username: phone, password: 'Good#Pass1', areaId: region.deptId, loginType: 1 } as never });
    expect(login.code).toBe(200);
  });

  it("shows the server's refusal by the form and keeps the data (a wrong SMS code)", async () => {
    renderAt('#/register');
    await screen.findByLabelText(labelled('手机号'), undefined, { timeout: 10_000 });
    type('手机号', '13912340088');
    type('验证码', '000000');
    type('密码', 'Good#Pass1');
    type('确认密码', 'Good#Pass1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '注册' }));
    });
    const alert = await waitFor(() => {
      const text = document.querySelector('.tm-schema-form__error')?.textContent ?? '';
      expect(text).toMatch(/验证码/);
      return text;
    });
    expect(alert).not.toBe('');
    expect(field('手机号').value).toBe('13912340088');
    expect(window.location.hash).toBe('#/register');
  });
});

describe('/personal', () => {
  it('logged out shows the login form; logged in it loads the info into the form and saves a change', async () => {
    const c = portalClient();
    renderAt('#/personal', c);
    expect(await screen.findByRole('button', { name: '登录' }, { timeout: 10_000 })).toBeTruthy();
    cleanup();

    const login = await c.client.request('login', { body: { username: '13800000002', password: 'Demo@12345', areaId: region.deptId, loginType: 1 } as never });
    c.session.setLogin(login.data.token, '13800000002');
    renderAt('#/personal', c);
    await waitFor(() => expect(field('姓名').value).not.toBe(''), { timeout: 10_000 });
    type('姓名', '李测试');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
    });
    await waitFor(() => expect(c.notifier.entries).toContainEqual({ via: 'message', kind: 'success', text: '保存成功' }));
    const info = await c.client.call('getUserInfoByUserId', { body: {} });
    expect(info.name).toBe('李测试');
  });
});
