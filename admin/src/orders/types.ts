export type RefundReason = 'order-cancelled' | 'coupon-used-up';

/** A row of `GET /api/admin/orders`. */
export interface Order {
  id: string;
  customerName: string;
  customerEmail: string;
  /** In dollars. */
  totalAmount: number;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  createdAt: string;
  awaitingKeys: boolean;
  /** Set while the order was paid but not delivered and owes the shopper a full refund. */
  refundDue: RefundReason | null;
}

/** `GET /api/admin/orders/:id`. */
export interface OrderDetail extends Order {
  orderItems: { productId: string; name: string; quantity: number; price: number }[];
  billing: {
    email: string;
    firstName: string;
    lastName: string;
    address: string;
    city: string;
    country: string;
    zipCode: string;
    phoneCountryCode: string;
    phone: string;
  } | null;
  subtotalAmount: number;
  discountAmount: number;
  couponCode: string | null;
  paymentProvider: string | null;
  paidAt: string | null;
  /**
   * The statuses this staff member may set now, each field changed on its own (the server's order process;
   * empty for support). Absent: nothing is offered.
   */
  allowedTransitions?: { status: OrderStatus[]; paymentStatus: PaymentStatus[] };
  licenseKeys: {
    id: string;
    productId: string;
    licenseKey: string;
    status: string;
    activationCount: number;
    activationLimit: number;
  }[];
  downloads: {
    id: string;
    productId: string;
    fileName: string;
    fileUrl: string;
    downloadCount: number;
    maxDownloads: number;
    isActive: boolean;
  }[];
  emails: {
    id: number;
    kind: string;
    subject: string;
    status: string;
    attempts: number;
    createdAt: string;
  }[];
}

export const ORDER_STATUSES = ['processing', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
