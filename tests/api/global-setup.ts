import type { TestProject } from 'vitest/node';
import { availableEngines } from '../support/databases.ts';
import { makeDemoLibraryImage, type DemoLibraryImage } from '../support/demo-library.ts';

/**
 * The demo content imported once per engine before the API tests (decision 0056): a test file
 * that starts from the demo library gets a copy of it (tests/support/test-app.ts) instead of
 * importing it again, which took longer than most files' tests.
 */
export default async function setup(project: TestProject) {
  const made: Awaited<ReturnType<typeof makeDemoLibraryImage>>[] = [];
  const images: Partial<Record<'sqlite' | 'postgres', DemoLibraryImage>> = {};
  for (const engine of await availableEngines()) {
    const one = await makeDemoLibraryImage(engine);
    made.push(one);
    images[engine] = one.image;
  }
  project.provide('demoLibraries', images);
  return async () => {
    for (const one of made) await one.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoLibraries: Partial<Record<'sqlite' | 'postgres', DemoLibraryImage>>;
  }
}
