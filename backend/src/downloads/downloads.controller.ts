import { Controller, Get, Header, HttpException, Param, Redirect, Req } from '@nestjs/common';
import {
  ApiFoundResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../common/auth.decorators.js';
import {
  DOWNLOAD_DEACTIVATED,
  DOWNLOAD_EXPIRED,
  DOWNLOAD_LIMIT_REACHED,
  DownloadsService,
} from './downloads.service.js';
import { isLinkScanner } from './link-scanners.js';

/** The storefront page that tells a browser why its link no longer works, by the server's reason. */
const UNAVAILABLE_REASONS: Record<string, string> = {
  [DOWNLOAD_EXPIRED]: 'expired',
  [DOWNLOAD_LIMIT_REACHED]: 'limit',
  [DOWNLOAD_DEACTIVATED]: 'deactivated',
};

/** A browser asks for pages (`text/html` first or among its types); an API client asks for JSON or anything. */
const wantsPage = (accept: string | undefined) => /(^|,)\s*text\/html\b/i.test(accept ?? '');

const LOCATION = { description: 'Where to go', schema: { type: 'string' } };

@ApiTags('downloads')
@Public()
@Controller('downloads')
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  @Get(':token')
  @Redirect(undefined, 302)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Download a purchase's installer",
    description:
      'Counts the download and redirects to the file. The link from the delivery e-mail. A HEAD request, ' +
      'and a GET from a known link scanner or a pre-fetch (mail gateways, chat previews, `Sec-Purpose: ' +
      'prefetch`), get the same answer without being counted.',
  })
  @ApiParam({ name: 'token', description: "The link's unguessable token" })
  @ApiFoundResponse({ description: 'Counted; Location is the file URL', headers: { Location: LOCATION } })
  @ApiResponse({
    status: 303,
    description:
      'A browser (Accept: text/html) whose link cannot be used (404 or 410 otherwise): Location is the ' +
      'storefront page /download-unavailable?reason=…',
    headers: { Location: LOCATION },
  })
  @ApiNotFoundResponse({ description: 'Download link not found' })
  @ApiGoneResponse({
    description:
      'This download link has been deactivated / has expired / has reached its download limit. A browser ' +
      '(Accept: text/html) is sent instead (303) to the storefront page /download-unavailable?reason=…, ' +
      'which says why and what to do',
  })
  async download(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
  ): Promise<{ url: string; statusCode?: number }> {
    const { accept } = request.headers;
    // Fastify answers HEAD with this GET route: a HEAD serves nothing, so it is never counted.
    const counts = request.method === 'GET' && !isLinkScanner(request.headers);
    try {
      return { url: await (counts ? this.downloads.consume(token) : this.downloads.peek(token)) };
    } catch (error) {
      if (!(error instanceof HttpException) || !wantsPage(accept)) throw error;
      const reason = UNAVAILABLE_REASONS[error.message] ?? 'unknown';
      return { url: `/download-unavailable?reason=${reason}`, statusCode: 303 };
    }
  }
}
