import { escapeHtml as escapeText } from '../../shared/html.ts';
import { markHiddenCharacters } from '../../shared/text.ts';
import { standalonePage } from '../http/standalone-page.ts';
import type { OrderEvidence } from './evidence.ts';
import { describeEvidence, type EvidenceField, type EvidenceModel, type EvidenceSection } from './evidence-model.ts';
import { drawEvidencePdf } from './evidence-pdf.ts';

/** Attached to a MED or Procon answer and opened by strangers: it loads and runs nothing, every value escaped. */

/** Older rows may hold a control or bidi character the schemas now refuse, and a reversed line would lie. */
const escapeHtml = (value: string) => escapeText(markHiddenCharacters(value));

export function renderEvidenceHtml(evidence: OrderEvidence): string {
  const model = describeEvidence(evidence);
  return standalonePage({
    title: `${model.title} · ${model.reference}`,
    style: styles,
    body: `<main class="sheet">
<header>
<p class="issuer">${escapeHtml(model.author)}</p>
<h1>${escapeHtml(model.title)}</h1>
<p class="reference">${escapeHtml(model.reference)}</p>
<p class="intro">${escapeHtml(model.intro)}</p>
</header>
${model.sections.map(sectionHtml).join('\n')}
${eventsHtml(model)}
<section>
<h2>${escapeHtml(model.meaningsTitle)}</h2>
<dl class="meanings">
${model.meanings.map((meaning) => `<dt>${escapeHtml(meaning.label)}</dt><dd>${escapeHtml(meaning.value)}</dd>`).join('\n')}
</dl>
</section>
<footer>
${model.notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('\n')}
</footer>
</main>`,
  });
}

export async function renderEvidencePdf(evidence: OrderEvidence): Promise<Uint8Array> {
  return drawEvidencePdf(describeEvidence(evidence));
}

const fieldHtml = (field: EvidenceField) => `<div><dt>${escapeHtml(field.label)}</dt><dd>${escapeHtml(field.value)}</dd></div>`;

const sectionHtml = (section: EvidenceSection) => `<section>
<h2>${escapeHtml(section.title)}</h2>
<dl class="fields">
${section.fields.map(fieldHtml).join('\n')}
</dl>
</section>`;

function eventsHtml(model: EvidenceModel): string {
  const { columns } = model;
  const body =
    model.rows.length === 0
      ? `<p>${escapeHtml(model.noEvents)}</p>`
      : `<table>
<thead><tr><th scope="col" class="number">${escapeHtml(columns.number)}</th><th scope="col" class="at">${escapeHtml(columns.at)}</th><th scope="col">${escapeHtml(columns.label)}</th><th scope="col">${escapeHtml(columns.detail)}</th></tr></thead>
<tbody>
${model.rows
  .map(
    (row) =>
      `<tr><td class="number">${escapeHtml(row.number)}</td><td class="at">${escapeHtml(row.at)}</td><td class="event">${escapeHtml(row.label)}</td><td class="detail">${escapeHtml(row.detail)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  return `<section class="events">
<h2>${escapeHtml(model.eventsTitle)}</h2>
${body}
</section>`;
}

/** Plain, printable, no web fonts: the page must look the same offline, years from now. */
const styles = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#eef0f3;color:#1f2937;font:14px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.sheet{max-width:860px;margin:24px auto;padding:40px 48px;background:#fff;border:1px solid #d9dde3;border-top:6px solid #1e3a5f;border-radius:4px}
header{padding-bottom:20px;border-bottom:1px solid #d9dde3}
.issuer{margin:0 0 4px;color:#4b5563;font-size:12px;font-weight:600;letter-spacing:.06em;text-transform:uppercase}
h1{margin:0;color:#111827;font-size:24px;line-height:1.25}
.reference{margin:6px 0 0;color:#1e3a5f;font-size:16px;font-weight:600;font-variant-numeric:tabular-nums}
.intro{margin:12px 0 0;color:#374151}
h2{margin:28px 0 10px;padding-bottom:6px;border-bottom:1px solid #e5e7eb;color:#1e3a5f;font-size:13px;letter-spacing:.06em;text-transform:uppercase}
dl{margin:0}
.fields div{display:grid;grid-template-columns:minmax(0,15rem) minmax(0,1fr);gap:16px;padding:5px 0;border-bottom:1px dotted #e5e7eb}
.fields dt{color:#6b7280}
.fields dd{margin:0;color:#111827;font-weight:500;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;font-size:13px;font-variant-numeric:tabular-nums}
th{padding:7px 8px;background:#f1f4f8;border-bottom:1px solid #c9d1db;color:#374151;font-size:12px;text-align:left}
td{padding:6px 8px;border-bottom:1px solid #eceef1;vertical-align:top}
tbody tr:nth-child(even) td{background:#fafbfc}
.number{width:3rem;color:#6b7280;text-align:right}
.at{width:10.5rem;white-space:nowrap}
.event{color:#111827;font-weight:600}
.detail{color:#4b5563;overflow-wrap:anywhere}
.meanings dt{margin-top:10px;font-weight:600}
.meanings dd{margin:2px 0 0;color:#374151}
footer{margin-top:32px;padding-top:14px;border-top:1px solid #d9dde3;color:#6b7280;font-size:12px}
footer p{margin:0 0 4px}
@media screen and (max-width:720px){
.sheet{margin:0;padding:24px 18px;border-width:6px 0 0;border-radius:0}
h1{font-size:21px}
.fields div{grid-template-columns:minmax(0,1fr);gap:0}
.fields dt{font-size:12px}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tbody tr{display:grid;grid-template-columns:auto 1fr;column-gap:10px;padding:8px 0;border-bottom:1px solid #eceef1}
tbody tr:nth-child(even) td{background:none}
td{display:block;padding:0;border:0}
td.number{width:auto;text-align:left}
td.number::after{content:"."}
td.event,td.detail{grid-column:1/-1}
td.detail:empty{display:none}
}
@page{size:A4;margin:16mm 14mm}
@media print{
body{background:#fff;font-size:11pt}
.sheet{max-width:none;margin:0;padding:0;border:0;border-radius:0}
h2{break-after:avoid}
tr,.fields div,.meanings dt,.meanings dd{break-inside:avoid}
thead{display:table-header-group}
}
`;
