/**
 * The largest functions by their own lines: a function's span minus the spans of the functions nested in it,
 * so a factory's methods and callbacks are counted apart from the factory (issue 23's measure); the span
 * (nested functions included) follows in brackets.
 *   npx tsx scripts/function-sizes.ts [folder …] [--top N]     (default: apps/server/src packages/*\/src, top 10)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

interface FunctionSize {
  file: string;
  name: string;
  line: number;
  ownLines: number;
  /** All its lines, nested functions included. */
  spanLines: number;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(callback)`;
  return '(anonymous)';
}

function functionSizes(file: string, root: string): FunctionSize[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const spanOf = (node: ts.Node) => lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
  const sizes: FunctionSize[] = [];

  /** Lines of the function-like nodes nested directly under `node` (not under a nested one). */
  function nestedSpan(node: ts.Node): number {
    let lines = 0;
    node.forEachChild(function visit(child) {
      if (ts.isFunctionLike(child) && 'body' in child && child.body) {
        lines += spanOf(child);
        measure(child as ts.FunctionLikeDeclaration);
      } else {
        child.forEachChild(visit);
      }
    });
    return lines;
  }

  function measure(node: ts.FunctionLikeDeclaration): void {
    const nested = nestedSpan(node);
    sizes.push({
      file: relative(root, file),
      name: nameOf(node, source),
      line: lineOf(node.getStart(source)) + 1,
      ownLines: spanOf(node) - nested,
      spanLines: spanOf(node),
    });
  }

  nestedSpan(source);
  return sizes;
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 10;
const folders = args.filter((_, i) => topAt < 0 || (i !== topAt && i !== topAt + 1));
const root = process.cwd();
const defaults = [
  'apps/server/src',
  ...readdirSync('packages')
    .map((name) => join('packages', name, 'src'))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isDirectory()),
];
const sizes = (folders.length > 0 ? folders : defaults)
  .flatMap(sourceFiles)
  .flatMap((file) => functionSizes(file, root))
  .sort((a, b) => b.ownLines - a.ownLines)
  .slice(0, top);
for (const size of sizes) {
  const columns = [String(size.ownLines).padStart(5), `(${size.spanLines})`.padStart(7)];
  console.log(`${columns.join(' ')}  ${size.name}  ${size.file}:${size.line}`);
}
