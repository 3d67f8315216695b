import { describe, expect, it } from 'vitest';
import { cleanDisplayText } from './display-text';

describe('cleanDisplayText', () => {
  it('drops control and bidi-override characters', () => {
    expect(cleanDisplayText('Kitchen\u202Egpj.exe')).toBe('Kitchen gpj.exe');
    expect(cleanDisplayText('a\u0000b\u0007c')).toBe('a b c');
    expect(cleanDisplayText('\u2066x\u2069 \u202Ay\u202C')).toBe('x y');
    expect(cleanDisplayText('tab\tnew\nline\r\u0085')).toBe('tab new line');
  });
  it('drops characters that show as nothing, keeping the joiners emoji and scripts need', () => {
    expect(cleanDisplayText('Ana\u200B')).toBe('Ana');
    expect(cleanDisplayText('\uFEFFAd\u2060min\u200E\u200F')).toBe('Admin');
    expect(cleanDisplayText('\u200B \u200B')).toBe('');
    expect(cleanDisplayText('Kit\u00ADchen')).toBe('Kitchen');
    expect(cleanDisplayText('\u3164')).toBe('');
    expect(cleanDisplayText('\u3164\uFFA0\u115F\u1160 Den\u034F')).toBe('Den');
    expect(cleanDisplayText('👩\u200D💻 می\u200Cخواهم')).toBe('👩\u200D💻 می\u200Cخواهم');
  });
  it('keeps ordinary text, accents, emoji and right-to-left scripts', () => {
    expect(cleanDisplayText('  Salón – 3º  ')).toBe('Salón – 3º');
    expect(cleanDisplayText('غرفة المعيشة 🛋️')).toBe('غرفة المعيشة 🛋️');
  });
});
