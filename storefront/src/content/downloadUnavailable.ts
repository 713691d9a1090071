import { DELIVERY, SUPPORT } from './business';

/** Why a download link no longer works: the `reason` the server gives when it sends a browser here. */
export type DownloadUnavailableReason = 'expired' | 'limit' | 'deactivated' | 'unknown';

/** `/download-unavailable`: where the server sends a browser whose download link no longer works. */
export const downloadUnavailable = {
  title: 'Download link unavailable',
  description: 'This download link no longer works: why, and how to get your installer.',
  heading: 'This download link no longer works',
  reasons: {
    expired: `Download links work for ${DELIVERY.downloadLinkDays} days after delivery, and this one has expired. Your licence key does not expire.`,
    limit: `Each download link can be used ${DELIVERY.downloadsPerLink} times, and this one has been used up.`,
    deactivated:
      'This download link has been switched off, for example because its order was refunded or replaced.',
    unknown: 'We could not find this download link. Check that the whole address was copied from the e-mail.',
  } satisfies Record<DownloadUnavailableReason, string>,
  whatToDo: `Your licence keys stay on your licence page. For a fresh download link, contact support with your order number: we answer within ${SUPPORT.responseTime}.`,
  licences: { label: 'Access your licences', to: '/login' },
  support: { label: 'Contact Support', to: '/contact' },
};
