import { describe, expect, it } from 'vitest';
import { checkIdCard, idCardCheckChar, maskIdCard } from '../../server/services/id-card.js';

describe('mainland identity numbers', () => {
  it('accepts the GB 11643 examples, with a lower-case x upper-cased', () => {
    expect(checkIdCard('11010519491231002X')).toEqual({ ok: true, idCard: '11010519491231002X' });
    expect(checkIdCard(' 11010519491231002x ')).toEqual({ ok: true, idCard: '11010519491231002X' });
    expect(checkIdCard('110101199003074477')).toEqual({ ok: true, idCard: '110101199003074477' });
  });

  it('refuses birth years before 1900, even with a right check character (the standard’s 1880 example)', () => {
    expect(checkIdCard('440524188001010014')).toEqual({ ok: false, msg: '身份证号码中的出生日期无效' });
  });

  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
    // Every check character from a fixed prefix by varying the sequence digit.
    const chars = new Set(Array.from({ length: 10 }, (_, d) => idCardCheckChar(`1101051990010100${d}`)));
    expect(chars.size).toBe(10);
  });

  it('refuses a wrong check character', () => {
    expect(checkIdCard('110105194912310021')).toEqual({ ok: false, msg: '身份证号码校验位不正确，请核对后重新输入' });
  });

  it('refuses impossible or future birth dates', () => {
    const withCheck = (first17: string) => first17 + idCardCheckChar(first17);
    const today = new Date('2024-06-15T10:00:00Z');
    expect(checkIdCard(withCheck('11010519490230002'), today).ok).toBe(false); // 30 February
    expect(checkIdCard(withCheck('11010520230229002'), today).ok).toBe(false); // 2023 is not a leap year
    expect(checkIdCard(withCheck('11010520240229002'), today).ok).toBe(true); // 2024 is
    expect(checkIdCard(withCheck('11010520241301002'), today)).toEqual({ ok: false, msg: '身份证号码中的出生日期无效' });
    expect(checkIdCard(withCheck('11010520240616002'), today).ok).toBe(false); // tomorrow
    expect(checkIdCard(withCheck('11010520240615002'), today).ok).toBe(true); // today
    // 23:30 UTC on 14 June is already 15 June in China.
    expect(checkIdCard(withCheck('11010520240615002'), new Date('2024-06-14T23:30:00Z')).ok).toBe(true);
  });

  it('refuses the wrong shape', () => {
    for (const bad of ['', '1101051949123100', '11010519491231002XX', '01010519491231002X', '1101051949123100AX', '110105194912310X21']) {
      const result = checkIdCard(bad);
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.msg).toBe('身份证号码格式不正确，应为18位：前17位为数字，最后一位为数字或X');
    }
  });

  it('masks to the first 6 and last 4 characters', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard(null)).toBeNull();
  });
});
