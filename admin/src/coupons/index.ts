import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { components } from '@store/contracts';
import type { ResourceDefinition } from '../common/resource';
import { CouponCreate } from './CouponCreate';
import { CouponEdit } from './CouponEdit';
import { CouponList } from './CouponList';

export default {
  name: 'coupons',
  label: 'Coupons',
  icon: LocalOfferIcon,
  list: CouponList,
  create: CouponCreate,
  edit: CouponEdit,
  recordRepresentation: (coupon: { code: string }) => coupon.code,
  writable: [
    'code',
    'percentOff',
    'active',
    'startsAt',
    'expiresAt',
    'maxRedemptions',
  ] satisfies (keyof components['schemas']['UpdateCouponDto'])[],
} satisfies ResourceDefinition;
