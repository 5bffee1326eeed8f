// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from '../../../blocks/_parts/Pager.js';

afterEach(cleanup);

describe('the pager total', () => {
  it('says 共 N 条 for a counted total and 约 N 条 for an estimate (a keyword over a large list)', () => {
    render(
      <MemoryRouter>
        <Pager total={8400} pageSize={7} />
      </MemoryRouter>,
    );
    expect(screen.getByText('共 8400 条')).toBeTruthy();
    cleanup();
    render(
      <MemoryRouter>
        <Pager total={8400} pageSize={7} approximate />
      </MemoryRouter>,
    );
    expect(screen.getByText('约 8400 条')).toBeTruthy();
  });
});
