import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { CouponCreate } from './CouponCreate';
import { CouponEdit } from './CouponEdit';
import { CouponList } from './CouponList';

const recordRepresentation = (coupon: { code: string }) => coupon.code;

export default {
  list: CouponList,
  create: CouponCreate,
  edit: CouponEdit,
  icon: LocalOfferIcon,
  recordRepresentation,
};
