import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from './accept-language';

describe('languageFromAcceptLanguage', () => {
  it('answers English without a header or with nothing we have', () => {
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR, de;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('*')).toBe('en');
  });

  it('reads a regional tag as its language', () => {
    expect(languageFromAcceptLanguage('es-MX')).toBe('es');
    expect(languageFromAcceptLanguage('vi-VN,vi;q=0.9')).toBe('vi');
    expect(languageFromAcceptLanguage('ar-EG')).toBe('ar');
  });

  it('reads zh, zh-CN, zh-SG and zh-Hans-* as Simplified Chinese, and not Traditional Chinese', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN', 'ZH-hans-sg']) {
      expect(languageFromAcceptLanguage(tag)).toBe('zh-Hans');
    }
    expect(languageFromAcceptLanguage('zh-TW')).toBe('en');
    expect(languageFromAcceptLanguage('zh-Hant-HK, es;q=0.5')).toBe('es');
  });

  it('follows the q-values, and the order among equals', () => {
    expect(languageFromAcceptLanguage('en;q=0.5, es;q=0.9')).toBe('es');
    expect(languageFromAcceptLanguage('fr, vi;q=0.3, ar;q=0.7')).toBe('ar');
    expect(languageFromAcceptLanguage('vi, es')).toBe('vi');
    expect(languageFromAcceptLanguage('es;q=0, vi;q=0.1')).toBe('vi');
    expect(languageFromAcceptLanguage('es;q=abc, vi;q=0.1')).toBe('vi');
  });
});
