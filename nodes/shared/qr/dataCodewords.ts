/**
 * The payload's data codewords: the smallest version (from `minVersion`) whose capacity at the
 * level holds the segment, then the terminator, the padding to a byte and the pad codewords 0xEC,
 * 0x11 that fill the rest.
 */
import { BitBuffer } from './bitBuffer';
import { dataCodewords } from './errorCorrection';
import type { QrLevel } from './errorCorrection';
import { segmentBits, segmentOf, writeSegment } from './segment';
import type { Segment } from './segment';

export const MAX_VERSION = 40;

/** A payload longer than a QR symbol holds at the level asked. */
export class QrCapacityError extends Error {
	constructor(
		readonly payloadBytes: number,
		readonly level: QrLevel,
		readonly mostBytes: number,
	) {
		super(
			`is ${payloadBytes} bytes long; a QR code at error correction level ${level} holds at most ${mostBytes} bytes of it`,
		);
	}
}

export interface DataStream {
	version: number;
	codewords: number[];
	segment: Segment;
}

export function encodeData(payload: string, level: QrLevel, minVersion = 1): DataStream {
	const segment = segmentOf(payload);
	for (let version = Math.max(1, minVersion); version <= MAX_VERSION; version++) {
		const capacityBits = dataCodewords(version, level) * 8;
		if (segmentBits(segment, version) <= capacityBits)
			return { version, codewords: filled(segment, version, capacityBits), segment };
	}
	throw new QrCapacityError(
		new TextEncoder().encode(payload).length,
		level,
		mostBytes(segment, level),
	);
}

function filled(segment: Segment, version: number, capacityBits: number): number[] {
	const stream = new BitBuffer();
	writeSegment(segment, version, stream);
	stream.put(0, Math.min(4, capacityBits - stream.length));
	stream.put(0, (8 - (stream.length % 8)) % 8);
	const codewords = stream.toBytes();
	for (let pad = 0xec; codewords.length < capacityBits / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
	return codewords;
}

/** The most bytes of this segment's mode that version 40 holds at the level. */
function mostBytes(segment: Segment, level: QrLevel): number {
	const header = segmentBits({ ...segment, data: new BitBuffer() }, MAX_VERSION);
	const dataBits = dataCodewords(MAX_VERSION, level) * 8 - header;
	if (segment.mode === 'numeric') return Math.floor(dataBits / 10) * 3;
	if (segment.mode === 'alphanumeric') return Math.floor(dataBits / 11) * 2;
	return Math.floor(dataBits / 8);
}
