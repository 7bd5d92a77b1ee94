/**
 * A QR code symbol for a payload: its data codewords at the smallest version that holds them,
 * their Reed–Solomon codewords interleaved, placed around the function patterns, and the mask
 * with the lowest penalty score applied, its format information written.
 */
import { encodeData } from './dataCodewords';
import type { QrLevel } from './errorCorrection';
import { FORMAT_BITS } from './errorCorrection';
import { drawFormatBits, drawFunctionPatterns } from './functionPatterns';
import { interleavedCodewords } from './interleave';
import { applyMask, MASKS } from './masks';
import { penaltyScore } from './penalty';
import { placeCodewords } from './placement';
import { QrMatrix } from './qrMatrix';
import type { QrMode } from './segment';

export interface QrCode {
	version: number;
	level: QrLevel;
	mask: number;
	mode: QrMode;
	/** Modules per side, without the quiet zone. */
	size: number;
	/** Rows of modules, dark true. */
	modules: boolean[][];
}

export interface QrCodeOptions {
	level?: QrLevel;
	/** The smallest version to use (a larger one when the payload needs it); 1 by default. */
	minVersion?: number;
	/** A fixed mask (0–7) instead of the one the penalty rules choose: for tests. */
	mask?: number;
}

/** Throws `QrCapacityError` (dataCodewords.ts) when no version holds the payload at the level. */
export function encodeQr(payload: string, options: QrCodeOptions = {}): QrCode {
	const level = options.level ?? 'M';
	const data = encodeData(payload, level, options.minVersion);
	const unmasked = new QrMatrix(data.version);
	drawFunctionPatterns(unmasked);
	placeCodewords(unmasked, interleavedCodewords(data.codewords, data.version, level));
	const candidates = options.mask === undefined ? MASKS.map((_, mask) => mask) : [options.mask];
	let best: { matrix: QrMatrix; mask: number; score: number } | undefined;
	for (const mask of candidates) {
		const matrix = unmasked.copy();
		applyMask(matrix, mask);
		drawFormatBits(matrix, (FORMAT_BITS[level] << 3) | mask);
		const score = penaltyScore(matrix);
		if (best === undefined || score < best.score) best = { matrix, mask, score };
	}
	const chosen = best as { matrix: QrMatrix; mask: number };
	return {
		version: data.version,
		level,
		mask: chosen.mask,
		mode: data.segment.mode,
		size: chosen.matrix.size,
		modules: chosen.matrix.rows(),
	};
}
