/**
 * The standard's penalty score of a masked symbol (ISO/IEC 18004, 7.8.3): the mask with the
 * lowest score is the one used. Four rules: runs of five or more modules of one colour in a row or
 * column (3, plus 1 for each module past five), 2×2 blocks of one colour (3 each), a finder-like
 * 1:1:3:1:1 pattern with four light modules on one side (40 each; outside the symbol counts as
 * light, the quiet zone), and the dark share's distance from half (10 for each full 5%).
 */
import type { QrMatrix } from './qrMatrix';

const FINDER_LIKE = [true, false, true, true, true, false, true];

export function penaltyScore(matrix: QrMatrix): number {
	let score = 0;
	for (const line of linesOf(matrix)) score += runPenalty(line) + finderLikePenalty(line);
	return score + blockPenalty(matrix) + balancePenalty(matrix);
}

/** Every row, then every column, as a line of booleans (dark true). */
function linesOf(matrix: QrMatrix): boolean[][] {
	const rows = matrix.rows();
	const columns = rows.map((_, x) => rows.map((row) => row[x]));
	return [...rows, ...columns];
}

function runPenalty(line: boolean[]): number {
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
	return score;
}

function finderLikePenalty(line: boolean[]): number {
	const light = (from: number, to: number) => {
		for (let i = from; i < to; i++) if (i >= 0 && i < line.length && line[i]) return false;
		return true;
	};
	let score = 0;
	for (let i = 0; i + FINDER_LIKE.length <= line.length; i++) {
		if (!FINDER_LIKE.every((dark, j) => line[i + j] === dark)) continue;
		if (light(i - 4, i) || light(i + 7, i + 11)) score += 40;
	}
	return score;
}

function blockPenalty(matrix: QrMatrix): number {
	let score = 0;
	for (let y = 0; y + 1 < matrix.size; y++)
		for (let x = 0; x + 1 < matrix.size; x++) {
			const colour = matrix.isDark(x, y);
			if (
				matrix.isDark(x + 1, y) === colour &&
				matrix.isDark(x, y + 1) === colour &&
				matrix.isDark(x + 1, y + 1) === colour
			)
				score += 3;
		}
	return score;
}

function balancePenalty(matrix: QrMatrix): number {
	let dark = 0;
	for (let y = 0; y < matrix.size; y++)
		for (let x = 0; x < matrix.size; x++) if (matrix.isDark(x, y)) dark++;
	const total = matrix.size * matrix.size;
	return Math.floor((Math.abs(dark * 2 - total) * 10) / total) * 10;
}
