import { type Routes } from '../context';
import { find, listOf } from '../objects';

/** The plans' products and prices, the QUOTE20 coupon and its promotion code (read only). */
export const catalogRoutes: Routes = {
  'GET /products/:id': ({ store }, { id }) => find(store.products, id, 'product'),
  'GET /prices/:id': ({ store }, { id }) => find(store.prices, id, 'price'),
  'GET /coupons/:id': ({ store }, { id }) => find(store.coupons, id, 'coupon'),
  'GET /promotion_codes': ({ store }, { query }) => {
    const code = query.get('code')?.toLowerCase();
    return listOf(
      [...store.promotionCodes.values()].filter(
        (promo) => !code || String(promo.code).toLowerCase() === code,
      ),
      '/v1/promotion_codes',
    );
  },
};
