import { describe, expect, it } from 'vitest';
import { reviewForm as copy } from '../../content/reviews.ts';
import type { BuyerReview } from '../../shared/reviews.ts';
import { checkReview, initialReviewValues, type ReviewFormValues } from './review-form-state.ts';

const valid: ReviewFormValues = {
  rating: 5,
  text: '  Encontrei três fornecedores bons na primeira semana.  ',
  displayName: ' Joana P. ',
  city: ' Recife ',
  state: 'PE',
  consent: true,
};

const review: BuyerReview = {
  rating: 4,
  text: 'Uma lista muito boa, recomendo.',
  displayName: 'Jo P.',
  city: null,
  state: 'SP',
  status: 'published',
  updatedAt: 0,
};

describe('checkReview', () => {
  it('sends the trimmed values, consent and the optional place', () => {
    expect(checkReview(valid)).toEqual({
      ok: true,
      input: {
        rating: 5,
        text: 'Encontrei três fornecedores bons na primeira semana.',
        displayName: 'Joana P.',
        city: 'Recife',
        state: 'PE',
        consent: true,
      },
    });
  });

  it('leaves out an empty city and "Não informar"', () => {
    const result = checkReview({ ...valid, city: '  ', state: '' });
    expect(result.ok && result.input).toEqual(expect.not.objectContaining({ city: expect.anything(), state: expect.anything() }));
  });

  it('says what each field needs, in the buyer’s words', () => {
    const result = checkReview({ rating: 0, text: 'curto', displayName: 'J', city: 'x'.repeat(61), state: '', consent: false });
    expect(result).toEqual({
      ok: false,
      errors: {
        rating: copy.errors.rating,
        text: copy.errors.textShort(20),
        displayName: copy.errors.name,
        city: copy.errors.city,
        consent: copy.errors.consent,
      },
    });
  });

  it('names the field holding a control or bidi-override character, as the server does', () => {
    const hidden = 'O texto tem caracteres invisíveis ou de controle. Apague-os e tente de novo.';
    expect(checkReview({ ...valid, displayName: 'Joana\u202e .P' })).toEqual({ ok: false, errors: { displayName: hidden } });
    expect(checkReview({ ...valid, text: `${valid.text}\u0000` })).toEqual({ ok: false, errors: { text: hidden } });
  });

  it('counts the trimmed text, as the server does', () => {
    expect(checkReview({ ...valid, text: `   ${'a'.repeat(19)}   ` })).toMatchObject({
      ok: false,
      errors: { text: copy.errors.textShort(20) },
    });
    expect(checkReview({ ...valid, text: 'a'.repeat(501) })).toMatchObject({ ok: false, errors: { text: copy.errors.textLong(500) } });
    expect(checkReview({ ...valid, text: 'a'.repeat(500) }).ok).toBe(true);
  });

  it('never sends without the consent', () => {
    expect(checkReview({ ...valid, consent: false })).toEqual({ ok: false, errors: { consent: copy.errors.consent } });
  });
});

describe('initialReviewValues', () => {
  it('starts a new review from the suggested name, with no rating and no consent', () => {
    expect(initialReviewValues('Joana P.', null)).toEqual({
      rating: 0,
      text: '',
      displayName: 'Joana P.',
      city: '',
      state: '',
      consent: false,
    });
  });

  it('starts an edit from the review, asking for the consent again', () => {
    expect(initialReviewValues('Joana P.', review)).toEqual({
      rating: 4,
      text: review.text,
      displayName: 'Jo P.',
      city: '',
      state: 'SP',
      consent: false,
    });
  });

  it('starts afresh after a withdrawal', () => {
    expect(initialReviewValues('Joana P.', { ...review, status: 'withdrawn' }).text).toBe('');
  });
});

describe('reviewForm copy', () => {
  it('labels the stars one by one', () => {
    expect([1, 2, 5].map(copy.ratingLabel)).toEqual(['1 estrela', '2 estrelas', '5 estrelas']);
  });
  it('asks for exactly the consent the server records', () => {
    expect(copy.consent).toBe('Autorizo publicar meu depoimento com este nome na página de vendas');
  });
});
