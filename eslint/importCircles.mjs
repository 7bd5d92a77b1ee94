// No import circle (CONTRIBUTING.md, "Layout"): a file never reaches itself through its imports.
// A type-only import counts too: a circle of types is the same knot for a reader, and it is where
// the package's circles were. (import-x's no-cycle leaves type-only imports out, so it would not
// have seen the wait kind's.) The linted file's imports are read from its text; the files they
// lead to from the disk, once per eslint process.
import { existsSync, readFileSync } from 'fs';
import { dirname, relative, resolve } from 'path';
import ts from 'typescript';

/** The files each file on disk imports, read once per process. */
const importsOnDisk = new Map();

/** The .ts file a relative specifier names, or undefined (a package, or no such file). */
function resolveSpecifier(fromFile, specifier) {
	if (!specifier.startsWith('.')) return undefined;
	const base = resolve(dirname(fromFile), specifier);
	return [`${base}.ts`, resolve(base, 'index.ts'), base].find(
		(candidate) => candidate.endsWith('.ts') && existsSync(candidate),
	);
}

function importsOf(file) {
	if (!importsOnDisk.has(file)) {
		const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
		const targets = importedFiles.map(({ fileName }) => resolveSpecifier(file, fileName));
		importsOnDisk.set(file, [...new Set(targets.filter(Boolean))]);
	}
	return importsOnDisk.get(file);
}

/** The shortest way from `start` back to `file` through the imports on disk, or undefined. */
function wayBack(start, file) {
	const cameFrom = new Map([[start, undefined]]);
	const queue = [start];
	while (queue.length > 0) {
		const current = queue.shift();
		// Reached the linted file: its own imports are its text's, never walked through from the disk.
		if (current === file) {
			const way = [];
			for (let step = current; step !== undefined; step = cameFrom.get(step)) way.unshift(step);
			return way;
		}
		for (const next of importsOf(current))
			if (!cameFrom.has(next)) {
				cameFrom.set(next, current);
				queue.push(next);
			}
	}
	return undefined;
}

/** Every declaration of the linted file that names a module: imports and re-exports. */
function importDeclarations(program) {
	return program.body.filter(
		(node) =>
			(node.type === 'ImportDeclaration' ||
				node.type === 'ExportNamedDeclaration' ||
				node.type === 'ExportAllDeclaration') &&
			node.source?.type === 'Literal',
	);
}

export const noImportCircle = {
	meta: {
		type: 'problem',
		docs: { description: 'a file never reaches itself through its imports (type imports too)' },
		messages: { circle: 'An import circle: {{way}}. Move what they share below them.' },
		schema: [],
	},
	create(context) {
		const file = resolve(context.filename);
		const root = context.cwd;
		return {
			Program(program) {
				for (const declaration of importDeclarations(program)) {
					const target = resolveSpecifier(file, declaration.source.value);
					if (target === undefined || target === file) continue;
					const way = wayBack(target, file);
					if (way === undefined) continue;
					const names = [file, ...way].map((step) => relative(root, step)).join(' → ');
					context.report({ node: declaration, messageId: 'circle', data: { way: names } });
				}
			},
		};
	},
};
