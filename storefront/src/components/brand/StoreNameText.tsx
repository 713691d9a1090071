import { storeContactsCopy } from '../../content/storeContacts';
import { useStoreConfig } from '../../lib/storeConfig';

/**
 * The store's name as plain text, or nothing while the settings load (`StoreName` in StoreContacts.tsx
 * shows a placeholder instead): for places that reserve its room themselves, such as the home page's
 * logo, whose code must stay out of the first bundle.
 */
export default function StoreNameText() {
  const { status, config } = useStoreConfig();
  if (config) return config.storeName;
  return status === 'failed' ? storeContactsCopy.storeName : null;
}
