/* The back office's download links as the API answers them: the generated contract's types (`npm run contract`). */
import type { AdminDownload } from '@store/contracts';

/** A row of `GET /api/admin/downloads`. */
export type DownloadLink = AdminDownload;
