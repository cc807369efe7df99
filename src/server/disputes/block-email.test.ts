import { describe, expect, it } from 'vitest';
import { foldEmailForBlock } from './block-email.ts';

describe('foldEmailForBlock', () => {
  it('drops the dots and the +tag at Gmail', () => {
    expect(foldEmailForBlock('a.n.a@gmail.com')).toBe('ana@gmail.com');
    expect(foldEmailForBlock('ana+x@gmail.com')).toBe('ana@gmail.com');
    expect(foldEmailForBlock('a.na+promo+2@googlemail.com')).toBe('ana@gmail.com');
  });

  it('drops the +tag and keeps the dots at Outlook, iCloud and Proton', () => {
    expect(foldEmailForBlock('ana.souza+x@outlook.com')).toBe('ana.souza@outlook.com');
    expect(foldEmailForBlock('ana+x@hotmail.com')).toBe('ana@hotmail.com');
    expect(foldEmailForBlock('ana+x@icloud.com')).toBe('ana@icloud.com');
    expect(foldEmailForBlock('ana+x@me.com')).toBe('ana@me.com');
    expect(foldEmailForBlock('ana+x@proton.me')).toBe('ana@proton.me');
    expect(foldEmailForBlock('ana+x@pm.me')).toBe('ana@pm.me');
  });

  it('leaves other domains as given, where a + or a dot may be another mailbox', () => {
    expect(foldEmailForBlock('ana+x@example.com')).toBe('ana+x@example.com');
    expect(foldEmailForBlock('a.n.a@example.com')).toBe('a.n.a@example.com');
    expect(foldEmailForBlock('ana+x@mail.gmail.com')).toBe('ana+x@mail.gmail.com');
  });

  it('folds whatever the case and spaces', () => {
    expect(foldEmailForBlock('  A.N.A+X@GMail.COM ')).toBe('ana@gmail.com');
    expect(foldEmailForBlock('Ana+X@Outlook.com')).toBe('ana@outlook.com');
    expect(foldEmailForBlock('ANA+X@EXAMPLE.COM')).toBe('ana+x@example.com');
  });

  it('keeps an address with no mailbox name before the tag as given', () => {
    expect(foldEmailForBlock('+x@gmail.com')).toBe('+x@gmail.com');
    expect(foldEmailForBlock('not-an-email')).toBe('not-an-email');
  });
});
