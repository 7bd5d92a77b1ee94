/**
 * The four error correction levels of ISO/IEC 18004 and, per version, how each splits the symbol's
 * codewords into blocks (the standard's table 9, as two rows per level: error correction codewords
 * in one block, and the number of blocks).
 */

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

export const QR_LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

/** The two bits that name the level in the format information (L is 01, M 00, Q 11, H 10). */
export const FORMAT_BITS: Record<QrLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

// Index 0 is unused, so that a version reads its own column.
const ECC_PER_BLOCK: Record<QrLevel, number[]> = {
	L: [
		0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
		30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
	],
	M: [
		0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
		28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
	],
	Q: [
		0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30,
		30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
	],
	H: [
		0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30,
		30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
	],
};

const BLOCKS: Record<QrLevel, number[]> = {
	L: [
		0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
		15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
	],
	M: [
		0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
		26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
	],
	Q: [
		0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34,
		34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
	],
	H: [
		0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37,
		40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
	],
};

export function eccCodewordsPerBlock(version: number, level: QrLevel): number {
	return ECC_PER_BLOCK[level][version];
}

export function blockCount(version: number, level: QrLevel): number {
	return BLOCKS[level][version];
}

/**
 * Modules left for codewords once the function patterns are drawn (finders, timing, alignment,
 * format and version information): the standard's count, as a formula of the version.
 */
export function rawDataModules(version: number): number {
	let modules = (16 * version + 128) * version + 64;
	if (version >= 2) {
		const alignments = Math.floor(version / 7) + 2;
		modules -= (25 * alignments - 10) * alignments - 55;
		if (version >= 7) modules -= 36;
	}
	return modules;
}

/** Codewords of the symbol in all (data and error correction); leftover bits stay light. */
export function totalCodewords(version: number): number {
	return Math.floor(rawDataModules(version) / 8);
}

/** Codewords a version holds for data at a level. */
export function dataCodewords(version: number, level: QrLevel): number {
	return (
		totalCodewords(version) - eccCodewordsPerBlock(version, level) * blockCount(version, level)
	);
}
