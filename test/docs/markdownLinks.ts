/**
 * The links of a Markdown file and the anchors its headings make, as GitHub (and npm's page)
 * render them: a heading's anchor is its text in lower case, without punctuation but `-` and `_`,
 * spaces made `-`; a second heading of the same text gets `-1`, a third `-2`.
 */
import { existsSync, readFileSync, statSync } from 'fs';
import { dirname, join } from 'path';

/** The anchors of a Markdown text's headings (outside code blocks). */
export function anchorsOf(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const line of withoutCode(markdown).split('\n')) {
		const heading = /^#{1,6} +(.+?) *#*$/.exec(line);
		if (!heading) continue;
		const base = slugOf(heading[1]);
		const times = seen.get(base) ?? 0;
		seen.set(base, times + 1);
		anchors.add(times === 0 ? base : `${base}-${times}`);
	}
	return anchors;
}

/** GitHub's anchor of a heading's text. */
export function slugOf(heading: string): string {
	return heading
		.replace(/`/g, '')
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/ /g, '-');
}

/** Every link target written `[text](target)` outside code, in the order written. */
export function linksOf(markdown: string): string[] {
	const text = withoutCode(markdown).replace(/`[^`\n]*`/g, '');
	return [...text.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((match) => match[1]);
}

/** What is wrong with a link from `file`: '' when its file (and anchor) exist. */
export function brokenLink(file: string, target: string): string {
	if (/^(https?:|mailto:)/.test(target)) return '';
	const [path, anchor] = target.split('#', 2);
	const resolved = path === '' ? file : join(dirname(file), decodeURIComponent(path));
	if (!existsSync(resolved)) return `${target}: no file ${path}`;
	if (anchor === undefined) return '';
	if (!statSync(resolved).isFile() || !resolved.endsWith('.md'))
		return `${target}: anchor on no Markdown file`;
	return anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)
		? ''
		: `${target}: no heading #${anchor}`;
}

function withoutCode(markdown: string): string {
	return markdown.replace(/^```[\s\S]*?^```/gm, '');
}
