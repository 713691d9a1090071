import { Controller, Get, Header, Param, Redirect } from '@nestjs/common';
import {
  ApiFoundResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { Public } from '../common/auth.decorators.js';
import { DownloadsService } from './downloads.service.js';

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
    description: 'Counts the download and redirects to the file. The link from the delivery e-mail.',
  })
  @ApiParam({ name: 'token', description: "The link's unguessable token" })
  @ApiFoundResponse({ description: 'Counted; Location is the file URL' })
  @ApiNotFoundResponse({ description: 'Download link not found' })
  @ApiGoneResponse({
    description: 'This download link has been deactivated / has expired / has reached its download limit',
  })
  async download(@Param('token') token: string): Promise<{ url: string }> {
    return { url: await this.downloads.consume(token) };
  }
}
