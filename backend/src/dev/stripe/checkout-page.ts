export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

export interface CheckoutPageModel {
  sessionId: string;
  planName: string;
  /** Cents a month. */
  unitAmount: number;
  email: string | null;
  promotionCode: string;
  /** Cents off the first invoice, once a promotion code is applied. */
  discount: { code: string; percentOff: number; amount: number } | null;
  cancelUrl: string;
  error: string | null;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The fake's hosted checkout page: plain HTML and one form, so it needs no script and works with
 * a strict Content-Security-Policy. "Apply" re-renders it with the discounted first invoice;
 * "Pay" completes the session.
 */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const e = escapeHtml;
  const action = `/checkout/${encodeURIComponent(model.sessionId)}`;
  const firstInvoice = model.unitAmount - (model.discount?.amount ?? 0);
  const discountRow = model.discount
    ? `<p id="discount">${e(model.discount.code)}: ${model.discount.percentOff}% off the first month (−${dollars(model.discount.amount)})</p>`
    : '';
  const error = model.error ? `<p class="error" role="alert">${e(model.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout: ${e(model.planName)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}
.banner{background:#b45309;color:#fff;padding:8px 16px;font-weight:600;text-align:center}
main{max-width:440px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
label{display:block;margin-top:14px;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;padding:10px;margin-top:4px;border:1px solid #8792a2;border-radius:6px;font-size:16px}
.hint{color:#4f566b;font-size:14px;margin:4px 0 0}
.row{display:flex;gap:8px;align-items:flex-end}
.row label{flex:1}
button{margin-top:18px;padding:12px 16px;font-size:16px;border-radius:6px;border:0;cursor:pointer}
.pay{width:100%;background:#635bff;color:#fff;font-weight:600}
.apply{background:#e3e8ee;color:#1a1f36}
.error{color:#b91c1c;font-weight:600}
.total{font-size:20px;font-weight:700}
</style>
</head>
<body>
<div class="banner" role="note">Test mode: no real payment is taken</div>
<main>
<h1>Subscribe to ${e(model.planName)}</h1>
<p>${dollars(model.unitAmount)} per month</p>
${discountRow}
<p class="total">Due today: <span id="due-today">${dollars(firstInvoice)}</span></p>
${model.discount ? `<p class="hint">Then ${dollars(model.unitAmount)} per month.</p>` : ''}
${error}
<form method="post" action="${action}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${e(model.email ?? '')}" required>
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD_NUMBER}" aria-describedby="card-hint" required>
<p class="hint" id="card-hint">Test card: ${TEST_CARD_NUMBER}, any future expiry date and any CVC.</p>
<div class="row">
<label for="expiry">Expiry (MM / YY)<input id="expiry" name="expiry" autocomplete="cc-exp" value="12 / 34" required></label>
<label for="cvc">CVC<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123" required></label>
</div>
<div class="row">
<label for="promotion-code">Promotion code<input id="promotion-code" name="promotionCode" value="${e(model.promotionCode)}" autocomplete="off"></label>
<button class="apply" type="submit" name="intent" value="apply" formnovalidate>Apply</button>
</div>
<button class="pay" type="submit" name="intent" value="pay">Pay ${dollars(firstInvoice)}</button>
</form>
<p><a href="${e(model.cancelUrl)}">Cancel and go back</a></p>
</main>
</body>
</html>`;
}
