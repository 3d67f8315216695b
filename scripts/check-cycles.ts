import { fileURLToPath } from 'node:url';
import { cycles, importsOf, sourceFiles } from './import-graph';

// `npm run check`'s cycle check: a runtime import cycle (files that load each other) fails; cycles made only of
// type imports cannot break loading and are listed so they can be taken apart.
const root = fileURLToPath(new URL('..', import.meta.url));
const files = sourceFiles(root, ['bff/src', 'pwa/src', 'shared/src']);
const edges = files.flatMap((file) => importsOf(root, file));
const runtime = cycles(
  files,
  edges.filter((edge) => !edge.typeOnly),
);
const typeOnly = cycles(files, edges).filter(
  (component) => !runtime.some((found) => found.some((file) => component.includes(file))),
);

const show = (component: string[]) => `  ${component.length} files: ${component.join(', ')}`;
for (const component of typeOnly) console.log(`Type-only import cycle (allowed):\n${show(component)}`);
if (runtime.length > 0) {
  console.error(`Import cycles (files that load each other): ${runtime.length}`);
  for (const component of runtime) console.error(show(component));
  console.error('Move what both sides need into a file that neither imports back.');
  process.exit(1);
}
console.log(`No runtime import cycle in ${files.length} files (${edges.length} imports).`);
