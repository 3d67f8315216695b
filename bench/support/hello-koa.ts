import Koa from 'koa';

/** The baseline of the API bench: a bare Koa hello-world, run as its own process like the BFF. */
const app = new Koa();
app.use((ctx) => {
  ctx.body = 'Hello World';
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
