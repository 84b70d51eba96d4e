import { parseStripeForm } from './form-body';

describe('parseStripeForm', () => {
  it.each([
    ['mode=subscription', { mode: 'subscription' }],
    [
      'line_items[0][price]=price_1&line_items[0][quantity]=1',
      { line_items: [{ price: 'price_1', quantity: '1' }] },
    ],
    ['metadata[userId]=u1&metadata[plan]=smart', { metadata: { userId: 'u1', plan: 'smart' } }],
    ['expand[0]=data.payments&expand[1]=customer', { expand: ['data.payments', 'customer'] }],
    [
      'subscription_data[metadata][userId]=u1',
      { subscription_data: { metadata: { userId: 'u1' } } },
    ],
    ['items[1][id]=b&items[0][id]=a', { items: [{ id: 'a' }, { id: 'b' }] }],
    ['success_url=http%3A%2F%2Fx%2Fs%3Fa%3D1', { success_url: 'http://x/s?a=1' }],
  ])('%s', (body, expected) => {
    expect(parseStripeForm(body)).toEqual(expected);
  });
});
