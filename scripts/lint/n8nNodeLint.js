// `n8n-node lint` (n8n's tool for community nodes, strict mode) on the package, as n8n's
// verification runs it: eslint with n8n-node's default config on the package's own files.
// n8n-node lints every TypeScript file under the folder it runs in and takes no paths, so it runs
// in a copy of what makes the package (package.json, eslint.config.mjs, tsconfig.json, nodes/,
// credentials/), with node_modules linked: the tests, the sandbox and the scripts are Node
// programs, not node code, and keep the house rules only (eslint/house.config.mjs).
// The only findings let through are the facts only the publisher can give (package.json's author
// email and homepage), named on every run; with --publish none is (scripts/checkPublisherFacts.js
// says what to add).
const { spawnSync } = require('child_process');
const { cpSync, mkdtempSync, rmSync, symlinkSync } = require('fs');
const { tmpdir } = require('os');
const { join } = require('path');

const ROOT = join(__dirname, '..', '..');
const PACKAGE_FILES = [
	'package.json',
	'eslint.config.mjs',
	'tsconfig.json',
	'nodes',
	'credentials',
];
const PUBLISHER_FACTS = [
	'@n8n/community-nodes/valid-author',
	'@n8n/community-nodes/require-homepage',
];

/** The findings of n8n-node lint's eslint output: `{ file, rule }` for each. */
function findingsOf(output) {
	const findings = [];
	let file = '';
	for (const line of output.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
		const finding = /^\s+\d+:\d+\s+(error|warning)\s+.*?\s(\S+)\s*$/.exec(line);
		if (finding) findings.push({ file, rule: finding[2], severity: finding[1] });
		else if (/^\S/.test(line) && !/^[✖│◆●└┌◇▲■]/.test(line)) file = line.trim();
	}
	return findings;
}

function lintCopy(folder) {
	for (const name of PACKAGE_FILES)
		cpSync(join(ROOT, name), join(folder, name), { recursive: true });
	symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
	const bin = join(ROOT, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
	return spawnSync(process.execPath, [bin, 'lint'], {
		cwd: folder,
		encoding: 'utf8',
		env: { ...process.env, NODE_ENV: 'production' },
	});
}

/**
 * Whether the lint passes: n8n-node lint clean, or its only findings the publisher's facts in
 * package.json (not when publishing). `missing`: those facts, to name.
 */
function verdict(status, findings, publishing) {
	const isFact = (finding) =>
		PUBLISHER_FACTS.includes(finding.rule) && finding.file.endsWith('package.json');
	const blocking = findings.filter((finding) => publishing || !isFact(finding));
	const passed = publishing
		? status === 0 && findings.length === 0
		: status === 0 || (findings.length > 0 && blocking.length === 0);
	return { passed, missing: findings.filter(isFact).map((finding) => finding.rule) };
}

function main() {
	const publishing = process.argv.includes('--publish');
	const folder = mkdtempSync(join(tmpdir(), 'n8n-nodes-pay-lint-'));
	let result;
	try {
		result = lintCopy(folder);
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
	const output = `${result.stdout}${result.stderr}`.split(folder).join('.');
	const { passed, missing } = verdict(result.status, findingsOf(output), publishing);
	if (!passed || publishing) process.stdout.write(output);
	if (passed && missing.length > 0)
		console.log(`n8n-node lint: clean but for the publisher's facts: ${missing.join(', ')}`);
	else if (passed) console.log('n8n-node lint: clean');
	process.exit(passed ? 0 : 1);
}

if (require.main === module) main();

module.exports = { findingsOf, verdict, PUBLISHER_FACTS };
