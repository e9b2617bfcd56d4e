// Copies the demo selection of ../shared/corpus into data/demo/ (run once by a maintainer; the
// app never reads ../shared). Books and quotes: all of them. Articles: those named in
// data/demo/categories.json. Nothing from distractors.jsonl.
import fs from 'node:fs';
import path from 'node:path';

const corpus = path.resolve(process.argv[2] ?? '../shared/corpus');
const demo = path.resolve('data/demo');
const { articles } = JSON.parse(fs.readFileSync(path.join(demo, 'categories.json'), 'utf8'));

fs.mkdirSync(path.join(demo, 'books'), { recursive: true });
fs.mkdirSync(path.join(demo, 'articles'), { recursive: true });
for (const file of fs.readdirSync(path.join(corpus, 'books'))) {
  fs.copyFileSync(path.join(corpus, 'books', file), path.join(demo, 'books', file));
}
for (const id of Object.keys(articles)) {
  fs.copyFileSync(path.join(corpus, 'articles', `${id}.json`), path.join(demo, 'articles', `${id}.json`));
}
fs.copyFileSync(path.join(corpus, 'quotes.json'), path.join(demo, 'quotes.json'));
console.log(
  `copied ${fs.readdirSync(path.join(demo, 'books')).length} books, ${Object.keys(articles).length} articles, quotes`,
);
