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
}
