import type { EvidenceField, EvidenceModel, EvidenceRow } from './evidence-model.ts';

/** pdfkit's built-in Helvetica: no font file to ship, and WinAnsi covers Portuguese. */

const page = { width: 595.28, height: 841.89, left: 50, right: 50, top: 54, bottom: 64 };
const contentWidth = page.width - page.left - page.right;
const colors = {
  text: '#111827',
  body: '#374151',
  muted: '#6b7280',
  accent: '#1e3a5f',
  rule: '#d9dde3',
  band: '#f1f4f8',
  zebra: '#f8f9fb',
};
const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

const columnWidths = [26, 96, 168, contentWidth - 26 - 96 - 168] as const;
const cellPadding = { x: 5, y: 4 };
const labelWidth = 150;

/** pdfkit (about 30 MB with its fonts' tables) is loaded on the first document, not by every server. */
export async function drawEvidencePdf(model: EvidenceModel): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: page.top, bottom: page.bottom, left: page.left, right: page.right },
    bufferPages: true,
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: pdfText(`${model.title} - ${model.reference}`),
      Author: pdfText(model.author),
      Subject: pdfText(model.title),
      // The document's own generation time, not the moment the bytes happened to be written.
      CreationDate: new Date(model.generatedAt),
    },
  });
  const done = collect(doc);

  drawHeader(doc, model);
  for (const section of model.sections) {
    drawHeading(doc, section.title);
    for (const field of section.fields) drawField(doc, field);
  }
  drawHeading(doc, model.eventsTitle, 60);
  if (model.rows.length === 0) paragraph(doc, model.noEvents, { size: 9, color: colors.body });
  else drawTable(doc, model);
  drawHeading(doc, model.meaningsTitle);
  for (const meaning of model.meanings) drawMeaning(doc, meaning);
  doc.y += 18;
  ensureRoom(doc, 48);
  rule(doc, colors.rule);
  doc.y += 8;
  for (const note of model.notes) paragraph(doc, note, { size: 8, color: colors.muted, gap: 2 });
  drawFooters(doc, model);

  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

function collect(doc: Doc): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const maxY = () => page.height - page.bottom;

function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= maxY()) return false;
  doc.addPage();
  return true;
}

function paragraph(doc: Doc, text: string, options: { size: number; color: string; bold?: boolean; gap?: number }) {
  doc.font(options.bold ? fonts.bold : fonts.regular).fontSize(options.size);
  const value = pdfText(text);
  ensureRoom(doc, doc.heightOfString(value, { width: contentWidth }));
  doc.fillColor(options.color).text(value, page.left, doc.y, { width: contentWidth });
  doc.y += options.gap ?? 0;
}

function drawHeader(doc: Doc, model: EvidenceModel) {
  doc.rect(0, 0, page.width, 8).fill(colors.accent);
  doc.y = page.top - 6;
  doc.font(fonts.bold).fontSize(8).fillColor(colors.muted);
  doc.text(pdfText(model.author.toLocaleUpperCase('pt-BR')), page.left, doc.y, { width: contentWidth, characterSpacing: 0.6 });
  doc.y += 4;
  paragraph(doc, model.title, { size: 19, color: colors.text, bold: true, gap: 3 });
  paragraph(doc, model.reference, { size: 12, color: colors.accent, bold: true, gap: 8 });
  paragraph(doc, model.intro, { size: 9.5, color: colors.body, gap: 10 });
  rule(doc, colors.rule);
}

/** A section title; `keepWith` asks for room for the first lines under it too. */
function drawHeading(doc: Doc, title: string, keepWith = 40) {
  doc.y += 16;
  ensureRoom(doc, 20 + keepWith);
  doc.font(fonts.bold).fontSize(8.5).fillColor(colors.accent);
  doc.text(pdfText(title.toLocaleUpperCase('pt-BR')), page.left, doc.y, { width: contentWidth, characterSpacing: 0.7 });
  doc.y += 4;
  rule(doc, colors.rule);
  doc.y += 2;
}

function rule(doc: Doc, color: string, dash = false) {
  const y = doc.y;
  doc.save().lineWidth(0.6).strokeColor(color);
  if (dash) doc.dash(1, { space: 2 });
  doc
    .moveTo(page.left, y)
    .lineTo(page.width - page.right, y)
    .stroke()
    .restore();
}

function drawField(doc: Doc, field: EvidenceField) {
  const valueWidth = contentWidth - labelWidth - 10;
  const label = pdfText(field.label);
  const value = pdfText(field.value);
  doc.font(fonts.regular).fontSize(9);
  const labelHeight = doc.heightOfString(label, { width: labelWidth });
  doc.font(fonts.bold);
  const height = Math.max(labelHeight, doc.heightOfString(value, { width: valueWidth })) + 8;
  ensureRoom(doc, height);
  const top = doc.y;
  doc
    .font(fonts.regular)
    .fillColor(colors.muted)
    .text(label, page.left, top + 4, { width: labelWidth });
  doc
    .font(fonts.bold)
    .fillColor(colors.text)
    .text(value, page.left + labelWidth + 10, top + 4, { width: valueWidth });
  doc.y = top + height;
  rule(doc, '#e5e7eb', true);
}

function drawTable(doc: Doc, model: EvidenceModel) {
  drawTableRow(doc, model.columns, { header: true });
  model.rows.forEach((row, index) => {
    doc.font(fonts.regular).fontSize(8.5);
    if (ensureRoom(doc, rowHeight(doc, row))) drawTableRow(doc, model.columns, { header: true });
    drawTableRow(doc, row, { zebra: index % 2 === 1 });
  });
}

const cells = (row: EvidenceRow) => [row.number, row.at, row.label, row.detail].map(pdfText);

function rowHeight(doc: Doc, row: EvidenceRow): number {
  const heights = cells(row).map((text, column) => doc.heightOfString(text || ' ', { width: columnWidths[column]! - 2 * cellPadding.x }));
  return Math.max(...heights) + 2 * cellPadding.y;
}

function drawTableRow(doc: Doc, row: EvidenceRow, style: { header?: boolean; zebra?: boolean }) {
  doc.font(style.header ? fonts.bold : fonts.regular).fontSize(style.header ? 8 : 8.5);
  const height = rowHeight(doc, row);
  const top = doc.y;
  if (style.header) doc.rect(page.left, top, contentWidth, height).fill(colors.band);
  else if (style.zebra) doc.rect(page.left, top, contentWidth, height).fill(colors.zebra);
  let x = page.left;
  cells(row).forEach((text, column) => {
    const width = columnWidths[column]!;
    const color = style.header ? colors.body : column === 0 ? colors.muted : column === 3 ? colors.body : colors.text;
    doc.fillColor(color).text(text, x + cellPadding.x, top + cellPadding.y, {
      width: width - 2 * cellPadding.x,
      align: column === 0 ? 'right' : 'left',
    });
    x += width;
  });
  doc.y = top + height;
  rule(doc, style.header ? '#c9d1db' : '#eceef1');
}

function drawMeaning(doc: Doc, meaning: EvidenceField) {
  const label = pdfText(meaning.label);
  const value = pdfText(meaning.value);
  doc.font(fonts.bold).fontSize(9);
  const labelHeight = doc.heightOfString(label, { width: contentWidth });
  doc.font(fonts.regular);
  ensureRoom(doc, labelHeight + doc.heightOfString(value, { width: contentWidth }) + 8);
  doc.y += 6;
  doc.font(fonts.bold).fillColor(colors.text).text(label, page.left, doc.y, { width: contentWidth });
  doc.y += 1;
  doc.font(fonts.regular).fillColor(colors.body).text(value, page.left, doc.y, { width: contentWidth });
}

/** "Comprovante … · Pedido X" and "Página n de N" under every page, once the page count is known. */
function drawFooters(doc: Doc, model: EvidenceModel) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin: without this pdfkit would open a new page.
    doc.page.margins.bottom = 0;
    const y = page.height - page.bottom + 22;
    doc
      .save()
      .lineWidth(0.6)
      .strokeColor(colors.rule)
      .moveTo(page.left, y - 8)
      .lineTo(page.width - page.right, y - 8)
      .stroke()
      .restore();
    doc.font(fonts.regular).fontSize(7.5).fillColor(colors.muted);
    doc.text(pdfText(`${model.title} · ${model.reference}`), page.left, y, { width: contentWidth, lineBreak: false });
    doc.text(pdfText(model.pageLabel(index - start + 1, count)), page.left, y, { width: contentWidth, align: 'right', lineBreak: false });
    doc.page.margins.bottom = page.bottom;
  }
}

/** Unicode code points of WinAnsi's 0x80–0x9F row (the rest of WinAnsi is Latin-1). */
const winAnsiExtras = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

/** pdfkit writes any character outside WinAnsi as garbage: accents go, look-alikes are swapped in, else "?". */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(code)) out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += char === '\t' || char === '\r' ? ' ' : '';
    else out += lookAlike(char);
  }
  return out;
}

function lookAlike(char: string): string {
  if (/[\u2000-\u200a\u202f\u205f]/u.test(char)) return ' ';
  if (/[\u2010-\u2012\u2212]/u.test(char)) return '-';
  if (char === '\u2192') return '->';
  if (/[\u200b-\u200d\u2060\ufeff]/u.test(char)) return '';
  const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return base !== char && base.length > 0 && [...base].every((c) => c.codePointAt(0)! <= 0xff) ? base : '?';
}
