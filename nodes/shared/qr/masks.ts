/**
 * The eight data masks of the standard (a module is flipped where its mask's condition holds), and
 * applying one to every data module.
 */
import type { QrMatrix } from './qrMatrix';

type MaskCondition = (x: number, y: number) => boolean;

export const MASKS: MaskCondition[] = [
	(x, y) => (x + y) % 2 === 0,
	(_x, y) => y % 2 === 0,
	(x) => x % 3 === 0,
	(x, y) => (x + y) % 3 === 0,
	(x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
	(x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
	(x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
	(x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Applies mask `mask` (0–7) to the data modules; applied twice it is undone. */
export function applyMask(matrix: QrMatrix, mask: number): void {
	const condition = MASKS[mask];
	for (let y = 0; y < matrix.size; y++)
		for (let x = 0; x < matrix.size; x++)
			if (!matrix.isReserved(x, y) && condition(x, y)) matrix.flip(x, y);
}
