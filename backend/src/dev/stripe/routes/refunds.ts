import { type FakeStripeContext, type Routes } from '../context';
import { type FormObject, object, text } from '../form-body';
import { find, newId, nowSeconds, requiredText, StripeError, type StripeObject } from '../objects';

/** POST /v1/refunds for a payment intent of a paid invoice: all of what is left, or `amount`. */
function createRefund({ store }: FakeStripeContext, form: FormObject): StripeObject {
  const paymentIntent = requiredText(form, 'payment_intent');
  const payment = [...store.invoices.values()]
    .flatMap((invoice) => (invoice.payments as { data: StripeObject[] }).data)
    .find(
      (candidate) =>
        (candidate.payment as { payment_intent?: string }).payment_intent === paymentIntent,
    );
  if (!payment)
    throw new StripeError(404, `No such payment_intent: '${paymentIntent}'`, 'resource_missing');
  const paid = payment.amount_paid as number;
  const already = store.refunded.get(paymentIntent) ?? 0;
  const amount = text(form, 'amount') === undefined ? paid - already : Number(text(form, 'amount'));
  if (amount <= 0 || already + amount > paid) {
    throw new StripeError(
      400,
      `Charge for payment intent ${paymentIntent} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  store.refunded.set(paymentIntent, already + amount);
  const refund: StripeObject = {
    id: newId('re'),
    object: 'refund',
    amount,
    currency: 'usd',
    payment_intent: paymentIntent,
    status: 'succeeded',
    reason: text(form, 'reason') ?? null,
    metadata: object(form, 'metadata') ?? {},
    created: nowSeconds(),
  };
  store.refunds.set(refund.id, refund);
  return refund;
}

export const refundRoutes: Routes = {
  'POST /refunds': (context, { form }) => createRefund(context, form),
  'GET /refunds/:id': ({ store }, { id }) => find(store.refunds, id, 'refund'),
};
