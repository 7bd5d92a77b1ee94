/**
 * The standard's penalty score of a masked symbol (ISO/IEC 18004, 7.8.3): the mask with the
 * lowest score is the one used. Four rules: runs of five or more modules of one colour in a row or
 * column (3, plus 1 for each module past five), 2×2 blocks of one colour (3 each), a finder-like
 * 1:1:3:1:1 pattern with four light modules on one side (40 each; outside the symbol counts as
 * light, the quiet zone), and the dark share's distance from half (10 for each full 5%).
 * Eight masks are scored for every code, so the modules are read as one flat array.
 */
import type { QrMatrix } from './qrMatrix';

const FINDER_LIKE = [1, 0, 1, 1, 1, 0, 1];

export function penaltyScore(matrix: QrMatrix): number {
	const { size } = matrix;
	const modules = matrix.modules();
	const line = new Uint8Array(size);
	let score = 0;
	for (let i = 0; i < size; i++) {
		for (let j = 0; j < size; j++) line[j] = modules[i * size + j];
		score += linePenalty(line);
		for (let j = 0; j < size; j++) line[j] = modules[j * size + i];
		score += linePenalty(line);
	}
	return score + blockPenalty(modules, size) + balancePenalty(modules);
}

/** Rules 1 and 3 along one row or column. */
function linePenalty(line: Uint8Array): number {
	let score = 0;
	let run = 1;
	for (let i = 1; i <= line.length; i++) {
		if (i < line.length && line[i] === line[i - 1]) {
			run++;
			continue;
		}
		if (run >= 5) score += 3 + (run - 5);
		run = 1;
	}
	for (let i = 0; i + FINDER_LIKE.length <= line.length; i++)
		if (isFinderLikeAt(line, i) && (lightSpan(line, i - 4, i) || lightSpan(line, i + 7, i + 11)))
			score += 40;
	return score;
}

function isFinderLikeAt(line: Uint8Array, at: number): boolean {
	for (let j = 0; j < FINDER_LIKE.length; j++) if (line[at + j] !== FINDER_LIKE[j]) return false;
	return true;
}

function lightSpan(line: Uint8Array, from: number, to: number): boolean {
	for (let i = Math.max(0, from); i < Math.min(to, line.length); i++)
		if (line[i] === 1) return false;
	return true;
}

function blockPenalty(modules: Uint8Array, size: number): number {
	let score = 0;
	for (let y = 0; y + 1 < size; y++)
		for (let x = 0; x + 1 < size; x++) {
			const at = y * size + x;
			const colour = modules[at];
			if (
				modules[at + 1] === colour &&
				modules[at + size] === colour &&
				modules[at + size + 1] === colour
			)
				score += 3;
		}
	return score;
}

function balancePenalty(modules: Uint8Array): number {
	let dark = 0;
	for (const module of modules) dark += module;
	const total = modules.length;
	return Math.floor((Math.abs(dark * 2 - total) * 10) / total) * 10;
}
