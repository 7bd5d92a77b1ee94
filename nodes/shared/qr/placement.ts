/**
 * Codewords placed in the symbol as the standard lays them: two columns at a time from the right,
 * upwards then downwards in turn, skipping the vertical timing column and every reserved module,
 * each codeword's most significant bit first. Remainder bits left over stay light.
 */
import type { QrMatrix } from './qrMatrix';

export function placeCodewords(matrix: QrMatrix, codewords: number[]): void {
	const { size } = matrix;
	const totalBits = codewords.length * 8;
	let bit = 0;
	for (let right = size - 1; right >= 1; right -= 2) {
		// The vertical timing pattern is column 6: the pair left of it starts at 5.
		if (right === 6) right = 5;
		const upward = ((right + 1) & 2) === 0;
		for (let step = 0; step < size; step++) {
			const y = upward ? size - 1 - step : step;
			for (const x of [right, right - 1]) {
				if (matrix.isReserved(x, y) || bit >= totalBits) continue;
				matrix.set(x, y, ((codewords[bit >>> 3] >>> (7 - (bit & 7))) & 1) === 1);
				bit++;
			}
		}
	}
}
