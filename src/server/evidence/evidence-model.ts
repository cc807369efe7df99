import { evidenceDocument as copy } from '../../content/evidence.ts';
import { formatBRL } from '../../shared/money.ts';
import { guaranteeLastDay } from '../../shared/refunds.ts';
import { formatTimestamp } from '../../shared/time.ts';
import type { EvidenceEventKind, OrderEvidence } from './evidence.ts';

/** HTML and PDF draw this one model, so the two downloads never differ; each renderer escapes for its format. */

export interface EvidenceField {
  label: string;
  value: string;
}

export interface EvidenceSection {
  title: string;
  fields: EvidenceField[];
}

export interface EvidenceRow {
  number: string;
  at: string;
  label: string;
  detail: string;
}

export interface EvidenceModel {
  title: string;
  /** "Pedido ABC123": under the title and in every PDF page's footer. */
  reference: string;
  intro: string;
  sections: EvidenceSection[];
  eventsTitle: string;
  columns: EvidenceRow;
  rows: EvidenceRow[];
  noEvents: string;
  meaningsTitle: string;
  /** The meaning of each kind of event the table shows, in the order of `eventKinds`. */
  meanings: EvidenceField[];
  notes: string[];
  author: string;
  generatedAt: number;
  pageLabel: (page: number, total: number) => string;
}

/** Every kind with its copy; typed here because content/ may not import the server's types. */
const eventCopy: Record<EvidenceEventKind, { label: string; meaning: string }> = copy.events;

const eventKinds = Object.keys(eventCopy) as EvidenceEventKind[];

const orNotInformed = (value: string | null) => (value === null || value.trim() === '' ? copy.notInformed : value);

// Long: one entry per kind of evidence, a table written as code so each kind's words sit together.
export function describeEvidence(evidence: OrderEvidence): EvidenceModel {
  const { seller, order, buyer, guarantee, events, openings } = evidence;
  const time = (at: number | null, missing: string = copy.notInformed) => (at === null ? missing : formatTimestamp(at));
  const accessEmail = events.find((event) => event.kind === 'access_email_accepted');
  const present = new Set(events.map((event) => event.kind));

  return {
    title: copy.title,
    reference: copy.reference(order.reference),
    intro: copy.intro,
    sections: [
      {
        title: copy.sections.seller,
        fields: [
          { label: copy.seller.name, value: seller.name },
          { label: copy.seller.document, value: seller.document },
          { label: copy.seller.address, value: seller.address },
          { label: copy.seller.supportEmail, value: seller.supportEmail },
          { label: copy.seller.siteUrl, value: seller.siteUrl },
        ],
      },
      {
        title: copy.sections.order,
        fields: [
          { label: copy.order.product, value: evidence.productName },
          { label: copy.order.reference, value: order.reference },
          { label: copy.order.id, value: order.id },
          { label: copy.order.createdAt, value: time(order.createdAt) },
          { label: copy.order.paidAt, value: time(order.paidAt, copy.notPaid) },
          { label: copy.order.amount, value: formatBRL(order.amountCents) },
          ...(order.pageVersion === undefined
            ? []
            : [
                {
                  label: copy.order.pageVersion,
                  value: order.pageVersion === null ? copy.notInformed : copy.order.pageVersionValue(order.pageVersion),
                },
              ]),
          { label: copy.order.method, value: copy.order.methodValue },
          { label: copy.order.transaction, value: orNotInformed(order.transactionHash) },
          { label: copy.order.status, value: order.statusLabel },
        ],
      },
      {
        title: copy.sections.buyer,
        fields: [
          { label: copy.buyer.name, value: orNotInformed(buyer.name) },
          { label: copy.buyer.email, value: orNotInformed(buyer.email) },
          { label: copy.buyer.phone, value: orNotInformed(buyer.phone) },
          { label: copy.buyer.document, value: orNotInformed(buyer.document) },
        ],
      },
      {
        title: copy.sections.guarantee,
        fields: [
          { label: copy.guarantee.period, value: copy.guarantee.periodValue(guarantee.days) },
          { label: copy.guarantee.endsAt, value: time(guarantee.endsAt === null ? null : guaranteeLastDay(guarantee.endsAt)) },
        ],
      },
      {
        title: copy.sections.purchase,
        fields: [
          ...evidence.purchase.charges.map((charge, index) => ({
            label: copy.purchase.charge(index + 1),
            value: copy.purchase.chargeValue(
              formatBRL(charge.amountCents),
              charge.items.join(' + '),
              orNotInformed(charge.transactionHash),
            ),
          })),
          { label: copy.purchase.paid, value: formatBRL(evidence.purchase.paidCents) },
          { label: copy.purchase.refunded, value: formatBRL(evidence.purchase.refundedCents) },
          ...(evidence.purchase.owedCents > 0 ? [{ label: copy.purchase.owed, value: formatBRL(evidence.purchase.owedCents) }] : []),
        ],
      },
      {
        title: copy.sections.summary,
        fields: [
          { label: copy.summary.accessEmail, value: time(accessEmail?.at ?? null, copy.none) },
          { label: copy.summary.opens, value: copy.summary.opensValue(openings.count) },
          ...(openings.count > 0
            ? [
                { label: copy.summary.firstOpen, value: time(openings.firstAt) },
                { label: copy.summary.lastOpen, value: time(openings.lastAt) },
              ]
            : []),
        ],
      },
    ],
    eventsTitle: copy.sections.events,
    columns: { number: copy.table.number, at: copy.table.at, label: copy.table.event, detail: copy.table.detail },
    rows: events.map((event, index) => ({
      number: String(index + 1),
      at: formatTimestamp(event.at),
      label: eventCopy[event.kind].label,
      detail: event.detail ?? '',
    })),
    noEvents: copy.noEvents,
    meaningsTitle: copy.sections.meanings,
    meanings: eventKinds
      .filter((kind) => present.has(kind))
      .map((kind) => ({ label: eventCopy[kind].label, value: eventCopy[kind].meaning })),
    notes: [copy.timeZone, copy.recording, copy.generatedAt(formatTimestamp(evidence.generatedAt))],
    author: seller.name,
    generatedAt: evidence.generatedAt,
    pageLabel: copy.page,
  };
}
