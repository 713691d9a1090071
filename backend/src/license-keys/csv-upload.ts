import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { IncomingHttpHeaders } from 'node:http';

/** The media type of a Content-Type header, lower-case, without parameters. */
const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

/**
 * The CSV text of an import. Both kinds of body arrive whole, within the server's 1 MB body limit (413
 * beyond it): a text/csv body as a string, a multipart/form-data body as its bytes (see
 * AdminLicenseKeysModule), of which the first file is the CSV.
 */
export async function readCsvUpload(headers: IncomingHttpHeaders, body: unknown): Promise<string> {
  const type = mediaType(headers['content-type']);
  if (type === 'text/csv') return typeof body === 'string' ? body : '';
  if (type === 'multipart/form-data')
    return firstFile(headers, Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  throw new UnsupportedMediaTypeException(
    'Send the CSV as a text/csv body or as a file in a multipart/form-data upload',
  );
}

const malformed = () => new BadRequestException('The multipart upload is malformed');

/** The first file of a multipart/form-data body, as UTF-8 text; other parts are skipped. */
function firstFile(headers: IncomingHttpHeaders, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    let form: BusboyInstance;
    try {
      form = new Busboy({
        headers: { ...headers, 'content-type': headers['content-type']! },
        limits: { files: 1, fields: 20, parts: 21 },
      });
    } catch {
      // No boundary, or one Busboy cannot use.
      return reject(malformed());
    }
    let file: Promise<string> | undefined;
    form.on('file', (_field, stream) => {
      const chunks: Buffer[] = [];
      file = new Promise((done, fail) => {
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', fail);
      });
    });
    form.on('error', () => reject(malformed()));
    form.on('finish', () => {
      if (!file) return reject(new BadRequestException('Upload one CSV file'));
      file.then(resolve, () => reject(malformed()));
    });
    form.end(body);
  });
}
