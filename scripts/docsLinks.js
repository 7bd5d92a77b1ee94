#!/usr/bin/env node
/**
 * Writes the "Docs" links n8n shows for the credential and each node, from package.json, before tsc
 * compiles (`npm run build`): the links live in the source, so the build stays byte for byte what
 * `n8n-node build` gives. Each link opens the README section that documents its node or the
 * credential: on `homepage` once the publisher gives it (its fragment replaced by the section's
 * anchor), until then on the package's npm page, which shows the README (n8n installs community
 * packages from npm, so that page exists wherever the node is installed).
 * Written: the credential's `documentationUrl` line (credentials/PayApi.credentials.ts) and the codex
 * files' `resources` (nodes/<Node>/<Node>.node.json).
 * `--check` (in `npm run lint`) writes nothing and fails while a committed link does not follow
 * package.json; test/publish/docsLinks.test.ts holds the committed files to what this writes.
 */
const { readFileSync, writeFileSync } = require('fs');
const { join } = require('path');

const ROOT = join(__dirname, '..');

/** The README's anchor of the section that documents the credential. */
const CREDENTIAL_ANCHOR = 'the-credential';

/** Each node's codex file, with the README anchor of the section that documents the node. */
const NODE_SECTIONS = [
	{ codex: 'nodes/Pay/Pay.node.json', anchor: 'the-pay-node' },
	{ codex: 'nodes/PayTrigger/PayTrigger.node.json', anchor: 'the-pay-trigger' },
	{
		codex: 'nodes/PayMoneyReceivedTrigger/PayMoneyReceivedTrigger.node.json',
		anchor: 'the-pay-money-received-trigger',
	},
];

/** The credential class, whose `documentationUrl = '…';` line is written. */
const CREDENTIAL_FILE = 'credentials/PayApi.credentials.ts';

/** The link to a README section: on the homepage when given, else on the package's npm page. */
function docsLink(pkg, anchor) {
	const homepage = typeof pkg.homepage === 'string' ? pkg.homepage.trim() : '';
	const page = homepage === '' ? `https://www.npmjs.com/package/${pkg.name}` : homepage;
	let url;
	try {
		url = new URL(page);
	} catch {
		throw new Error(`package.json's homepage is not an address: ${JSON.stringify(homepage)}`);
	}
	url.hash = anchor;
	return url.href;
}

/** The credential's source with its `documentationUrl` set (n8n's lint wants it a string). */
function credentialText(pkg, text) {
	const field = /^(\tdocumentationUrl = )'[^'\n]*';$/m;
	if (!field.test(text))
		throw new Error(`${CREDENTIAL_FILE} has no line \`documentationUrl = '<link>';\` to write`);
	return text.replace(field, `$1'${docsLink(pkg, CREDENTIAL_ANCHOR)}';`);
}

/** A codex file's text with its Docs links set. */
function codexText(pkg, anchor, text) {
	const codex = JSON.parse(text);
	codex.resources = {
		...codex.resources,
		credentialDocumentation: [{ url: docsLink(pkg, CREDENTIAL_ANCHOR) }],
		primaryDocumentation: [{ url: docsLink(pkg, anchor) }],
	};
	return `${jsonText(codex, 0, 1)}\n`;
}

/**
 * JSON as Prettier leaves the repository's codex files (tabs, 100 columns; Prettier itself cannot
 * run inside jest): objects one key a line, arrays of plain values on one line when they fit.
 * `tail`: the columns that follow the value on its line (a comma).
 */
function jsonText(value, depth, tail) {
	const indent = '\t'.repeat(depth + 1);
	const close = '\t'.repeat(depth);
	if (Array.isArray(value)) {
		const items = value.map((item) => jsonText(item, depth + 1, 1));
		const inline = `[${items.join(', ')}]`;
		const plain = value.every((item) => item === null || typeof item !== 'object');
		if (plain && depth * 2 + inline.length + tail <= 100) return inline;
		return `[\n${items.map((item) => indent + item).join(',\n')}\n${close}]`;
	}
	if (value !== null && typeof value === 'object') {
		const entries = Object.entries(value).map(([key, item]) => {
			const name = `${JSON.stringify(key)}: `;
			return indent + name + jsonText(item, depth + 1, name.length + 1);
		});
		return `{\n${entries.join(',\n')}\n${close}}`;
	}
	return JSON.stringify(value);
}

/** Every file the links live in, `{ path, text }`, as this package.json makes them. */
function docsLinkFiles(pkg, root = ROOT) {
	const credential = readFileSync(join(root, CREDENTIAL_FILE), 'utf8');
	const files = [{ path: CREDENTIAL_FILE, text: credentialText(pkg, credential) }];
	for (const { codex, anchor } of NODE_SECTIONS) {
		const text = readFileSync(join(root, codex), 'utf8');
		files.push({ path: codex, text: codexText(pkg, anchor, text) });
	}
	return files;
}

/** Writes the files whose text differs; gives their paths. */
function writeDocsLinks(root = ROOT) {
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	const written = [];
	for (const { path, text } of docsLinkFiles(pkg, root)) {
		const file = join(root, path);
		if (readFileSync(file, 'utf8') === text) continue;
		writeFileSync(file, text);
		written.push(path);
	}
	return written;
}

/** The committed files whose links do not follow package.json (`--check`, in `npm run lint`). */
function staleDocsLinks(root = ROOT) {
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	return docsLinkFiles(pkg, root)
		.filter(({ path, text }) => readFileSync(join(root, path), 'utf8') !== text)
		.map(({ path }) => path);
}

function main(check) {
	if (!check) {
		for (const path of writeDocsLinks()) console.log(`Docs links written to ${path}`);
		return;
	}
	const stale = staleDocsLinks();
	if (stale.length === 0) return;
	process.stderr.write(
		`The Docs links of ${stale.join(', ')} do not follow package.json: run npm run build and commit them\n`,
	);
	process.exitCode = 1;
}

if (require.main === module) {
	try {
		main(process.argv.includes('--check'));
	} catch (error) {
		process.stderr.write(`${error.message}\n`);
		process.exitCode = 1;
	}
}

module.exports = {
	CREDENTIAL_ANCHOR,
	CREDENTIAL_FILE,
	NODE_SECTIONS,
	docsLink,
	docsLinkFiles,
	staleDocsLinks,
	writeDocsLinks,
};
