import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `node scripts/largest-functions.mjs [count] [--comments] [folders...]`: the largest functions by lines of their own in
 * `apps/server/src` and `packages/<name>/src` (or the folders given), largest first.
 *
 * A function's own lines are its lines of code (blank and comment-only lines left out) from its first to its
 * last line, less those of the functions inside it (callbacks, a factory's methods, nested helpers), which are listed on their own: the size a
 * reader has to hold at once, whatever the file looks like around it. Test files are left out.
 */
const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const count = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 20;
/** `--comments` counts comment-only lines too. */
const withComments = args.includes('--comments');
if (withComments) args.splice(args.indexOf('--comments'), 1);
const isCode = (line) => (withComments ? line.trim() !== '' : !/^\s*(\/\/.*|\/?\*.*)?$/.test(line));
const folders = args.length
  ? args.map((a) => path.resolve(a))
  : [
      path.join(root, 'apps/server/src'),
      ...fs
        .readdirSync(path.join(root, 'packages'))
        .map((p) => path.join(root, 'packages', p, 'src'))
        .filter((p) => fs.existsSync(p)),
    ];

function sourceFiles(folder) {
  return fs.readdirSync(folder, { recursive: true, withFileTypes: true }).flatMap((e) => {
    const file = path.join(e.parentPath ?? e.path, e.name);
    return e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(e.name)
      ? [file]
      : [];
  });
}

/** What a reader would call the function: its declared name, the variable or property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) {
    const owner =
      node.parent && ts.isClassLike(node.parent) && node.parent.name ? `${node.parent.name.text}.` : '';
    return owner + node.name.text;
  }
  if (ts.isConstructorDeclaration(node)) return `${node.parent.name?.text ?? 'class'}.constructor`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && parent.name) return parent.name.getText();
  if (ts.isPropertyDeclaration(parent) && parent.name) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`;
  return '(anonymous)';
}

const rows = [];
for (const folder of folders) {
  for (const file of sourceFiles(folder)) {
    const text = fs.readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const lines = text.split('\n');
    const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
    /** Each function's line numbers; a nested function takes the lines after its first from its parent. */
    const stack = [];
    const visit = (node) => {
      const isFunction = ts.isFunctionLike(node) && 'body' in node && node.body;
      if (isFunction) {
        const first = lineOf(node.getStart(source));
        const last = lineOf(node.getEnd());
        const own = new Set();
        for (let l = first; l <= last; l++) if (isCode(lines[l])) own.add(l);
        for (let l = first + 1; l <= last; l++) stack.at(-1)?.own.delete(l);
        stack.push({ name: nameOf(node), file, line: first + 1, own });
      }
      ts.forEachChild(node, visit);
      if (isFunction) {
        const done = stack.pop();
        rows.push({ ...done, own: done.own.size });
      }
    };
    visit(source);
  }
}

rows.sort((a, b) => b.own - a.own);
for (const r of rows.slice(0, count)) {
  console.log(`${String(r.own).padStart(5)}  ${r.name}  ${path.relative(root, r.file)}:${r.line}`);
}
