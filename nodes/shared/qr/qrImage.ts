/**
 * What the image writers share: the symbol with its quiet zone (4 modules of light on every side,
 * as the standard asks) and each module drawn as a square of `pixelsPerModule` pixels.
 */
import type { QrCode } from './qrCode';

export const QUIET_ZONE_MODULES = 4;

export interface QrImageOptions {
	pixelsPerModule: number;
}

/** Modules per side with the quiet zone. */
export function modulesWithQuietZone(code: QrCode): number {
	return code.size + 2 * QUIET_ZONE_MODULES;
}

/** Whether the module at (x, y) of the symbol with its quiet zone is dark. */
export function darkWithQuietZone(code: QrCode, x: number, y: number): boolean {
	const [column, row] = [x - QUIET_ZONE_MODULES, y - QUIET_ZONE_MODULES];
	return row >= 0 && row < code.size && column >= 0 && column < code.size
		? code.modules[row][column]
		: false;
}
