import type { Currency } from '../common/money.js';
import type { Product } from './entities/product.entity.js';

/**
 * Volume (LTSC) editions install with Microsoft's Office Deployment Tool; retail editions from
 * setup.office.com, where the key is redeemed. Both are Microsoft's own downloads.
 */
const ltscInstaller = {
  installerFileName: 'officedeploymenttool.exe',
  installerUrl: 'https://www.microsoft.com/en-us/download/details.aspx?id=49117',
  installerSize: '3.5 MB',
};

/** On a Mac every edition installs from Microsoft's Office for Mac package; the key decides the edition. */
const macInstaller = {
  macInstallerFileName: 'Microsoft_Office_Installer.pkg',
  macInstallerUrl: 'https://go.microsoft.com/fwlink/?linkid=2009112',
  macInstallerSize: null,
};
const noMacInstaller = { macInstallerFileName: null, macInstallerUrl: null, macInstallerSize: null };

/**
 * The catalogue's version. A change to CATALOG (a price, a new edition) comes with a higher version: the
 * first process of the new build to start writes it to the database, and a process of an older build (a
 * replica restarting during a rolling deploy) leaves the newer catalogue alone and serves it.
 */
export const CATALOG_VERSION = 3;

/**
 * How many licences of one edition an order may hold (every edition alike; `maxQuantity` of GET /api/products,
 * checked again at checkout). From 10 an order may need manual processing (the storefront says so); beyond
 * this, businesses go through enterprise support.
 */
export const MAX_QUANTITY_PER_PRODUCT = 50;

/**
 * A paid order the inventory cannot cover gets its keys within this many hours (#34): what the storefront
 * says of a back-ordered product before payment (`backOrderHours` of GET /api/products) and what the
 * back-order's e-mail promises. The delivery policy's refund promise is the same 24 hours.
 */
export const BACK_ORDER_HOURS = 24;

/** An edition as the catalogue states it (the database adds the version it was written from). */
export type CatalogProduct = Readonly<Omit<Product, 'catalogVersion'>>;

/** The catalogue, in display order, as of CATALOG_VERSION. */
export const CATALOG: readonly CatalogProduct[] = deepFreeze([
  {
    id: 'office-2024-standard',
    title: 'Office 2024 Standard',
    subtitle: 'Lifetime licence for 1 PC or Mac',
    description:
      'The essential Office apps for home, school and small offices: write documents, build spreadsheets and ' +
      'present your ideas. A one-time purchase, no subscription.',
    includedApps: [
      { name: 'Word', icon: 'word' },
      { name: 'Excel', icon: 'excel' },
      { name: 'PowerPoint', icon: 'powerpoint' },
    ],
    compatibility: ['Windows', 'Mac'],
    licensesLeft: '',
    listPriceSource: null,
    originalPriceCents: 20249,
    currentPriceCents: 4049,
    savings: '80%',
    sortOrder: 1,
    ...ltscInstaller,
    ...macInstaller,
  },
  {
    id: 'office-2024-home-business',
    title: 'Office 2024 Home & Business',
    subtitle: 'Lifetime licence for 1 PC or Mac',
    description:
      'Everything in Standard plus Outlook for business e-mail, calendars and contacts. Licensed for ' +
      'commercial use. A one-time purchase, no subscription.',
    includedApps: [
      { name: 'Word', icon: 'word' },
      { name: 'Excel', icon: 'excel' },
      { name: 'PowerPoint', icon: 'powerpoint' },
      { name: 'Outlook', icon: 'outlook' },
    ],
    compatibility: ['Windows', 'Mac'],
    licensesLeft: '',
    listPriceSource: null,
    originalPriceCents: 33749,
    currentPriceCents: 24299,
    savings: '28%',
    sortOrder: 2,
    installerFileName: 'OfficeSetup.exe',
    installerUrl: 'https://setup.office.com/',
    installerSize: '7 MB',
    ...macInstaller,
  },
  {
    id: 'office-2024-professional-plus',
    title: 'Office 2024 Professional Plus LTSC',
    subtitle: 'Lifetime licence for 1 Windows PC',
    description:
      'The complete suite for Windows: Word, Excel, PowerPoint and Outlook plus Access for databases. ' +
      'Long-term servicing channel, a one-time purchase, no subscription.',
    includedApps: [
      { name: 'Word', icon: 'word' },
      { name: 'Excel', icon: 'excel' },
      { name: 'PowerPoint', icon: 'powerpoint' },
      { name: 'Outlook', icon: 'outlook' },
      { name: 'Access', icon: 'access' },
    ],
    compatibility: ['Windows'],
    licensesLeft: '',
    listPriceSource: null,
    originalPriceCents: 63999,
    currentPriceCents: 5399,
    savings: '91%',
    sortOrder: 3,
    ...ltscInstaller,
    ...noMacInstaller,
  },
]);

/** A product's price in one currency, in its minor units (yen for JPY). */
export interface CatalogPrice {
  currentPriceCents: number;
  originalPriceCents: number;
}

/**
 * The demo catalogue's price lists (#35 §1): set per currency, not converted at checkout, rounded the way
 * shops price in each (x.99, whole dirhams and rupees, yen in hundreds). The USD prices are the
 * products' own (CATALOG's originalPriceCents and currentPriceCents). In the stores of the EU, the UK, India,
 * Australia, Singapore and the Emirates prices are shown with their VAT or GST in them, so with
 * TAX_MODE=inclusive these are the prices buyers pay. A product without a price in a currency is not sold
 * in it. The seed writes them into the price lists (`product_prices`) as it writes CATALOG, by version, and
 * never over a price staff have set.
 */
export const CATALOG_PRICES: Readonly<Record<string, Readonly<Partial<Record<Currency, CatalogPrice>>>>> =
  deepFreeze({
    'office-2024-standard': {
      EUR: { currentPriceCents: 3799, originalPriceCents: 18999 },
      GBP: { currentPriceCents: 3299, originalPriceCents: 16499 },
      INR: { currentPriceCents: 339900, originalPriceCents: 1699900 },
      CAD: { currentPriceCents: 5599, originalPriceCents: 27999 },
      AUD: { currentPriceCents: 6199, originalPriceCents: 30999 },
      JPY: { currentPriceCents: 6000, originalPriceCents: 30000 },
      SGD: { currentPriceCents: 5499, originalPriceCents: 27499 },
      AED: { currentPriceCents: 14900, originalPriceCents: 74400 },
    },
    'office-2024-home-business': {
      EUR: { currentPriceCents: 22499, originalPriceCents: 31299 },
      GBP: { currentPriceCents: 19499, originalPriceCents: 26999 },
      INR: { currentPriceCents: 2029900, originalPriceCents: 2819900 },
      CAD: { currentPriceCents: 33299, originalPriceCents: 46299 },
      AUD: { currentPriceCents: 36999, originalPriceCents: 51399 },
      JPY: { currentPriceCents: 36000, originalPriceCents: 50000 },
      SGD: { currentPriceCents: 32799, originalPriceCents: 45499 },
      AED: { currentPriceCents: 89200, originalPriceCents: 123900 },
    },
    'office-2024-professional-plus': {
      EUR: { currentPriceCents: 4999, originalPriceCents: 59399 },
      GBP: { currentPriceCents: 4299, originalPriceCents: 50999 },
      INR: { currentPriceCents: 449900, originalPriceCents: 5349900 },
      CAD: { currentPriceCents: 7399, originalPriceCents: 87599 },
      AUD: { currentPriceCents: 8199, originalPriceCents: 97499 },
      JPY: { currentPriceCents: 7980, originalPriceCents: 95000 },
      SGD: { currentPriceCents: 7299, originalPriceCents: 86299 },
      AED: { currentPriceCents: 19800, originalPriceCents: 235000 },
    },
  });

/**
 * What the seed writes and the store then sells: this build's catalogue, unless the app is given another
 * (a test's catalogue; see CreateAppOptions.catalog).
 */
export interface CatalogContent {
  version: number;
  products: readonly CatalogProduct[];
  /** Prices in other currencies than USD, by product id (a product's USD price is its own); none: USD only. */
  prices?: typeof CATALOG_PRICES;
}

export const STORE_CATALOG: CatalogContent = {
  version: CATALOG_VERSION,
  products: CATALOG,
  prices: CATALOG_PRICES,
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
