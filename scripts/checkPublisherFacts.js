#!/usr/bin/env node
/**
 * Run by `npm publish` (prepublishOnly): refuses to publish while package.json lacks the facts only
 * the publisher has and n8n's scanner requires of a community package: the author's email, a
 * homepage and the repository. They are never made up here; the publisher fills them in.
 */
const { readFileSync } = require('fs');
const { join } = require('path');

/** The publisher-only facts package.json lacks, each with what to write; empty when none is missing. */
function missingPublisherFacts(pkg) {
	const missing = [];
	if (authorEmail(pkg.author) === '')
		missing.push(
			'author.email (or "author": "Name <email>"): the email of whoever answers for the package',
		);
	if (text(pkg.homepage) === '')
		missing.push(
			"homepage: the address of the package's home, e.g. its repository's README (the nodes' Docs links follow it: npm run build, then commit)",
		);
	const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
	if (text(repository) === '')
		missing.push(
			'repository.url: the git repository the release workflow publishes from (npm provenance names it)',
		);
	return missing;
}

/** The email of an author given as an object or as "Name <email> (url)", as n8n's lint reads it. */
function authorEmail(author) {
	if (typeof author === 'string') return (/<([^>]*)>/.exec(author)?.[1] ?? '').trim();
	return text(author?.email);
}

function text(value) {
	return typeof value === 'string' ? value.trim() : '';
}

if (require.main === module) {
	const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
	const missing = missingPublisherFacts(pkg);
	if (missing.length > 0) {
		process.stderr.write(
			`Not published: package.json lacks facts only the publisher has (n8n's scanner requires them):\n${missing.map((fact) => `  - ${fact}\n`).join('')}`,
		);
		process.exit(1);
	}
}

module.exports = { missingPublisherFacts };
