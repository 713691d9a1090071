import type { Response } from 'supertest';

export { pdfText } from '@store/testing';

/** A supertest parser that keeps the body as bytes (`.buffer(true).parse(binary)`): a PDF, say. */
export const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};
