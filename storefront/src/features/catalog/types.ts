export type { IncludedApp, Platform, Product } from '../../api/types';
