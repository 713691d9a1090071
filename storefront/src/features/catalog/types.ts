/** A product as `GET /api/products` answers it. Prices come both formatted and in cents; display uses cents. */
export interface Product {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  includedApps: IncludedApp[];
  compatibility: Platform[];
  licensesLeft: string;
  originalPrice: string;
  currentPrice: string;
  originalPriceCents: number;
  currentPriceCents: number;
  savings: string;
}

export interface IncludedApp {
  name: string;
  icon: string;
}

export type Platform = 'Windows' | 'Mac';
