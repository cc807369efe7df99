import { checkout } from '../src/content/checkout.ts';
import { hero } from '../src/content/landing.ts';
import { site } from '../src/content/site.ts';
import { DEFAULT_GUARANTEE_DAYS } from '../src/shared/guarantee.ts';
import { formatBRL } from '../src/shared/money.ts';

/**
 * The floor of the Lighthouse comparison: the landing page's hero copy as plain static HTML with a
 * little inline CSS and no JavaScript. Nothing can load faster from the same server, so the real
 * pages are judged by their ratio to it.
 *
 * With `checkout`, the floor of the buy tap (bench/tap-to-pix.ts): the hero's buy button opens a
 * `<dialog>` with the buyer form's three fields and its submit button, by the platform's own
 * invoker command (`commandfor`, `command="show-modal"`), with no script. A page cannot answer a
 * tap with a form faster on the same phone, so the tap's INP is read beside it.
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function floorPageHtml({ checkout: withCheckout = false }: { checkout?: boolean } = {}): string {
  const [before, after] = hero.headline.split(hero.highlight);
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="UTF-8" />
<link rel="icon" href="data:," />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="description" content="${escape(hero.subheadline)}" />
<title>${escape(site.brandName)}</title>
<style>
html{background:#060a13;color:#e5e7eb;font-family:ui-sans-serif,system-ui,sans-serif}
body{margin:0}main{max-width:48rem;margin:0 auto;padding:7rem 1.25rem 4rem;text-align:center}
.badge{display:inline-block;border:1px solid #fbbf2466;border-radius:999px;padding:.25rem .75rem;font-size:.75rem;font-weight:700;text-transform:uppercase;color:#fcd34d}
h1{margin:1.25rem 0 0;font-size:2rem;line-height:1.1;font-weight:900;color:#fff}h1 span{color:#4ade80}
.sub{margin:1.25rem auto 0;max-width:42rem;color:#cbd5e1}
.card{margin:2rem auto 0;max-width:28rem;border:1px solid #25324d;border-radius:1.5rem;background:#0f1729;padding:1.25rem}
.price{margin:.25rem 0 0;font-size:3rem;font-weight:900;color:#fff}.cta{display:block;margin-top:1.25rem;border-radius:.75rem;background:#15803d;padding:1rem;font-weight:800;color:#fff;text-decoration:none}
ul{margin:1rem 0 0;padding:0;list-style:none;text-align:left;font-size:.875rem;color:#cbd5e1}
button.cta{width:100%;border:0;font:inherit;font-weight:800}
dialog{position:fixed;inset:auto 0 0;width:100%;max-width:none;margin:0;box-sizing:border-box;border:1px solid #25324d;border-radius:1.5rem 1.5rem 0 0;background:#0b1120;color:#fff;padding:1.25rem}
dialog::backdrop{background:#060a13}
label{display:block;margin-top:1rem;font-size:.875rem;font-weight:600}
input{display:block;box-sizing:border-box;width:100%;min-height:3rem;margin-top:.375rem;border:1px solid #25324d;border-radius:.75rem;background:#060a13;color:#fff;padding:0 .875rem;font:inherit}
</style>
</head>
<body>
<main>
<p class="badge">${escape(hero.badge)}</p>
<h1>${escape(before ?? '')}<span>${escape(hero.highlight)}</span>${escape(after ?? '')}</h1>
<p class="sub">${escape(hero.subheadline)}</p>
<div class="card">
<p>${escape(hero.priceCaption)}</p>
<p class="price">${escape(formatBRL(site.priceCents))}</p>
<p>${escape(hero.priceNote)}</p>
${
  withCheckout
    ? `<button class="cta" type="button" data-placement="hero" commandfor="checkout" command="show-modal">${escape(hero.cta)}</button>`
    : `<a class="cta" href="#">${escape(hero.cta)}</a>`
}
<ul>${hero
    .trust(String(DEFAULT_GUARANTEE_DAYS))
    .map((item) => `<li>${escape(item)}</li>`)
    .join('')}</ul>
</div>
</main>
${withCheckout ? checkoutDialog() : ''}</body>
</html>
`;
}

/** The buyer form's fields as plain HTML, with the browser's own checks (checkout/buyer-form.tsx). */
function checkoutDialog(): string {
  const { form } = checkout;
  return `<dialog id="checkout" role="dialog" aria-label="${escape(checkout.title)}" closedby="any">
<h2>${escape(checkout.title)}</h2>
<form method="dialog">
<label>${escape(form.name)}<input name="name" autocomplete="name" required placeholder="${escape(form.namePlaceholder)}" /></label>
<label>${escape(form.email)}<input name="email" type="email" autocomplete="email" required placeholder="${escape(form.emailPlaceholder)}" /></label>
<label>${escape(form.phone)}<input name="phone" type="tel" inputmode="tel" autocomplete="tel" required placeholder="${escape(form.phonePlaceholder)}" /></label>
<button class="cta" type="submit">${escape(form.submit)}</button>
</form>
</dialog>
`;
}
