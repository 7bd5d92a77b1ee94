/**
 * How many lines of text a sticky note shows in n8n's editor, counted from its markdown and width.
 * n8n (2.8.4 and 2.41.1 alike) pads a note's text 12 px on each side and sets it in Inter: 14 px
 * for text, 24 px bold for a `##` heading, list items indented 20 px. A character is taken as
 * 7.5 px of text (Inter averages about 7.2 px at 14 px) or 13.5 px of heading, so a line counts at
 * least as many times as it wraps; the end-to-end test counts the lines n8n really draws.
 */

const SIDE_PADDING_PX = 24;
const TEXT_CHARACTER_PX = 7.5;
const HEADING_CHARACTER_PX = 13.5;
const LIST_INDENT_PX = 20;

/** The most lines a note may show, heading included: a few lines, read at a glance. */
export const MOST_STICKY_LINES = 6;

/** The characters of body text one line of a note of this width holds. */
export function charactersPerLine(width: number, indentPx = 0): number {
	return Math.floor((width - SIDE_PADDING_PX - indentPx) / TEXT_CHARACTER_PX);
}

/** The lines a note's markdown takes at this width: each source line wrapped on its own. */
export function stickyLines(markdown: string, width: number): number {
	return markdown
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '')
		.reduce((lines, line) => lines + linesOf(line, width), 0);
}

function linesOf(line: string, width: number): number {
	if (/^#{1,6} /.test(line)) {
		const perLine = Math.floor((width - SIDE_PADDING_PX) / HEADING_CHARACTER_PX);
		return Math.ceil(shownText(line.replace(/^#+ /, '')).length / perLine);
	}
	const item = /^(\d+\.|[-*]) /.exec(line);
	if (item) {
		const perLine = charactersPerLine(width, LIST_INDENT_PX);
		return Math.ceil(shownText(line.slice(item[0].length)).length / perLine);
	}
	return Math.ceil(shownText(line).length / charactersPerLine(width));
}

/** The text n8n shows for a line of markdown: emphasis and code marks gone, a link's words kept. */
export function shownText(line: string): string {
	return line
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/\*\*|[*`]/g, '')
		.trim();
}
