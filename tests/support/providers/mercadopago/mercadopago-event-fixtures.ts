/**
 * Mercado Pago's Webhooks notifications as its documents show them, one per documented topic (`type`). Sources:
 * - mercadopago.com.br/developers/en/docs/your-integrations/notifications (the topics table: `payment`, `order`,
 *   `subscription_authorized_payment`, `subscription_preapproval`, `subscription_preapproval_plan`, `mp-connect`, …) and
 *   its Webhooks page's example (`{ id, live_mode, type, date_created, user_id, api_version, action, data: { id } }`,
 *   `action` `payment.created` / `payment.updated`; `data.id` and `type` come in the query string too);
 * - …/docs/checkout-api-orders/optional-notifications (`topic_claims_integration_wh`, `topic_chargebacks_wh`,
 *   `stop_delivery_op_wh`), …/your-integrations/notifications/additional-info (Card Updater's `automatic-payments`,
 *   `action` `card.updated`), …/your-integrations/notifications/ipn ("Webhooks … now also send the `merchant_order` and
 *   `chargebacks` topics"), and the table's `topic_merchant_order_wh`.
 * Only the `payment` and `automatic-payments` bodies are printed on those pages; the others are the same envelope with
 * their topic, as the table names it, and no `action` (none is printed for them). `PAYMENT` is put in place of the test's payment id.
 */
export const PAYMENT = '__PAYMENT__';

const envelope = (type: string, action?: string) => ({
  id: 12345,
  live_mode: true,
  type,
  date_created: '2015-03-25T10:04:58.396-04:00',
  user_id: 44444,
  api_version: 'v1',
  ...(action ? { action } : {}),
  data: { id: PAYMENT },
});

/** Each documented topic with the notifications its page shows (the payment topic once per documented action). */
export const mercadoPagoExamples: Record<string, Array<Record<string, unknown>>> = {
  payment: [envelope('payment', 'payment.created'), envelope('payment', 'payment.updated')],
  order: [envelope('order')],
  subscription_authorized_payment: [envelope('subscription_authorized_payment')],
  subscription_preapproval: [envelope('subscription_preapproval')],
  subscription_preapproval_plan: [envelope('subscription_preapproval_plan')],
  'mp-connect': [envelope('mp-connect')],
  topic_claims_integration_wh: [envelope('topic_claims_integration_wh')],
  topic_chargebacks_wh: [envelope('topic_chargebacks_wh')],
  stop_delivery_op_wh: [envelope('stop_delivery_op_wh')],
  topic_merchant_order_wh: [envelope('topic_merchant_order_wh')],
  merchant_order: [envelope('merchant_order')],
  chargebacks: [envelope('chargebacks')],
  'automatic-payments': [
    {
      action: 'card.updated',
      api_version: 'v1',
      application_id: 8339021212080291,
      data: { customer_id: '12345678-aluyasdhfyt', new_card_id: 50000102202, old_card_id: 50000006036 },
      date_created: '2024-01-11T15:23:53-03:00',
      id: 'a47fc06844bf4e418a03aeab1479c496',
      live_mode: true,
      type: 'automatic-payments',
      user_id: 1197520450,
      version: 1,
    },
  ],
};

export function mercadoPagoBody(example: Record<string, unknown>, paymentId: string): string {
  return JSON.stringify(example).replaceAll(PAYMENT, paymentId);
}
