/** Fastify hello-world on PORT: the ceiling the project list is measured against, on the same machine. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8091) });
console.log('listening');
