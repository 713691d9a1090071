import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The comparison point of the API CPU benchmark: a bare fastify server answering GET /api/products with
 * the exact JSON the store serves (read from the file named by PRODUCTS_JSON).
 */
const body = readFileSync(process.env.PRODUCTS_JSON!, 'utf8');
const app = Fastify();
app.get('/api/products', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
