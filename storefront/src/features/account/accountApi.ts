import { api } from '../../api/http';

export interface CustomerOrder {
  id: string;
  createdAt: string;
  status: 'processing' | 'fulfilled' | 'cancelled';
  paymentStatus: 'pending' | 'completed' | 'failed' | 'refunded';
  awaitingKeys: boolean;
  totalCents: number;
  items: { productId: string; name: string; quantity: number; unitPriceCents: number }[];
  licenseKeys: {
    productId: string;
    /** Masked when `available` is false: the stored key cannot be read and support must reissue it. */
    licenseKey: string;
    available: boolean;
    status: string;
    activationCount: number;
    activationLimit: number;
  }[];
  downloads: {
    productId: string;
    fileName: string;
    fileSize: string | null;
    url: string;
    downloadCount: number;
    maxDownloads: number;
    expiresAt: string | null;
    isActive: boolean;
  }[];
}

/** Asks for a sign-in link; the answer is the same whether or not the address has orders. */
export const requestAccessLink = (email: string) =>
  api<{ message: string }>('/api/account/link', { body: { email: email.trim() } });

/** The orders of the customer the link's token belongs to. */
export const fetchCustomerOrders = (token: string) =>
  api<CustomerOrder[]>('/api/account/orders', { headers: { Authorization: `Bearer ${token}` } });
