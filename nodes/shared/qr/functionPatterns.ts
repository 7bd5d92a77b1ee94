/**
 * The function patterns of a symbol: the three finders with their separators, the timing lines,
 * the alignment patterns, the dark module, and the areas kept for the format and version
 * information. Each module drawn is marked reserved, so that data goes only where none is.
 */
import { QrMatrix } from './qrMatrix';

export function drawFunctionPatterns(matrix: QrMatrix): void {
	const { size } = matrix;
	for (let i = 0; i < size; i++) {
		matrix.reserve(6, i, i % 2 === 0);
		matrix.reserve(i, 6, i % 2 === 0);
	}
	drawFinder(matrix, 3, 3);
	drawFinder(matrix, size - 4, 3);
	drawFinder(matrix, 3, size - 4);
	const centres = alignmentCentres(matrix.version);
	const last = centres.length - 1;
	centres.forEach((x, i) =>
		centres.forEach((y, j) => {
			// The three corners taken by the finders have none.
			const onFinder = (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
			if (!onFinder) drawAlignment(matrix, x, y);
		}),
	);
	// The format and version areas are kept now and written once the mask is chosen.
	drawFormatBits(matrix, 0);
	drawVersionBits(matrix);
}

/** A 7×7 finder centred on (x, y) and its light separator, clipped at the symbol's edge. */
function drawFinder(matrix: QrMatrix, x: number, y: number): void {
	for (let dy = -4; dy <= 4; dy++)
		for (let dx = -4; dx <= 4; dx++) {
			const ring = Math.max(Math.abs(dx), Math.abs(dy));
			const [column, row] = [x + dx, y + dy];
			if (column >= 0 && column < matrix.size && row >= 0 && row < matrix.size)
				matrix.reserve(column, row, ring !== 2 && ring !== 4);
		}
}

function drawAlignment(matrix: QrMatrix, x: number, y: number): void {
	for (let dy = -2; dy <= 2; dy++)
		for (let dx = -2; dx <= 2; dx++)
			matrix.reserve(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
}

/** The rows and columns of the alignment centres (the standard's annex E, as a formula). */
export function alignmentCentres(version: number): number[] {
	if (version === 1) return [];
	const count = Math.floor(version / 7) + 2;
	const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
	const centres = [6];
	for (let at = version * 4 + 10; centres.length < count; at -= step) centres.splice(1, 0, at);
	return centres;
}

/**
 * The 15 format bits (level and mask, BCH(15,5) coded, XORed with 0x5412) in both their places,
 * and the dark module beside the lower-left finder.
 */
export function drawFormatBits(matrix: QrMatrix, formatData: number): void {
	let remainder = formatData;
	for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
	const bits = ((formatData << 10) | remainder) ^ 0x5412;
	const bit = (i: number) => ((bits >>> i) & 1) === 1;
	const { size } = matrix;
	for (let i = 0; i <= 5; i++) matrix.reserve(8, i, bit(i));
	matrix.reserve(8, 7, bit(6));
	matrix.reserve(8, 8, bit(7));
	matrix.reserve(7, 8, bit(8));
	for (let i = 9; i < 15; i++) matrix.reserve(14 - i, 8, bit(i));
	for (let i = 0; i < 8; i++) matrix.reserve(size - 1 - i, 8, bit(i));
	for (let i = 8; i < 15; i++) matrix.reserve(8, size - 15 + i, bit(i));
	matrix.reserve(8, size - 8, true);
}

/** From version 7: the version number, BCH(18,6) coded, in the two 6×3 areas. */
function drawVersionBits(matrix: QrMatrix): void {
	const { version, size } = matrix;
	if (version < 7) return;
	let remainder = version;
	for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
	const bits = (version << 12) | remainder;
	for (let i = 0; i < 18; i++) {
		const dark = ((bits >>> i) & 1) === 1;
		const [across, down] = [size - 11 + (i % 3), Math.floor(i / 3)];
		matrix.reserve(across, down, dark);
		matrix.reserve(down, across, dark);
	}
}
