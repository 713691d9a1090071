import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';

export default {
  name: 'coupons',
  label: 'Coupons',
  icon: LocalOfferIcon,
  list: lazyView(() => import('./CouponList'), 'CouponList'),
  create: lazyView(() => import('./CouponCreate'), 'CouponCreate'),
  edit: lazyView(() => import('./CouponEdit'), 'CouponEdit'),
  recordRepresentation: (coupon: { code: string }) => coupon.code,
  writable: [
    'code',
    'percentOff',
    'active',
    'startsAt',
    'expiresAt',
    'maxRedemptions',
    'amountOffCents',
    'currency',
  ] satisfies (keyof components['schemas']['UpdateCouponDto'])[],
} satisfies ResourceDefinition;
