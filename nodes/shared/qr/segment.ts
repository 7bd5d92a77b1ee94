/**
 * The payload as one data segment, in the densest mode that holds all of it: numeric (digits),
 * alphanumeric (digits, capitals, space and $%*+-./:), else byte mode in UTF-8, with an ECI
 * designator for UTF-8 when any character is beyond ASCII (so a reader does not take the bytes for
 * ISO-8859-1, the default of byte mode).
 */
import { BitBuffer } from './bitBuffer';

export type QrMode = 'numeric' | 'alphanumeric' | 'byte';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

const MODE_INDICATOR: Record<QrMode, number> = {
	numeric: 0b0001,
	alphanumeric: 0b0010,
	byte: 0b0100,
};

/** Bits of the character count, for versions 1–9, 10–26 and 27–40. */
const COUNT_BITS: Record<QrMode, [number, number, number]> = {
	numeric: [10, 12, 14],
	alphanumeric: [9, 11, 13],
	byte: [8, 16, 16],
};

const ECI_INDICATOR = 0b0111;
/** The ECI assignment number of UTF-8. */
const ECI_UTF8 = 26;

export interface Segment {
	mode: QrMode;
	/** Characters (numeric, alphanumeric) or bytes (byte mode) the count field gives. */
	count: number;
	/** The bits after the mode indicator and the count (and the ECI designator, if any). */
	data: BitBuffer;
	utf8Eci: boolean;
}

export function segmentOf(payload: string): Segment {
	if (/^[0-9]*$/.test(payload)) return numericSegment(payload);
	if ([...payload].every((character) => ALPHANUMERIC.includes(character)))
		return alphanumericSegment(payload);
	const bytes = new TextEncoder().encode(payload);
	const data = new BitBuffer();
	bytes.forEach((byte) => data.put(byte, 8));
	return { mode: 'byte', count: bytes.length, data, utf8Eci: bytes.length !== payload.length };
}

function numericSegment(digits: string): Segment {
	const data = new BitBuffer();
	for (let i = 0; i < digits.length; i += 3) {
		const group = digits.slice(i, i + 3);
		data.put(Number(group), group.length * 3 + 1);
	}
	return { mode: 'numeric', count: digits.length, data, utf8Eci: false };
}

function alphanumericSegment(text: string): Segment {
	const data = new BitBuffer();
	for (let i = 0; i < text.length; i += 2) {
		const first = ALPHANUMERIC.indexOf(text[i]);
		if (i + 1 < text.length) data.put(first * 45 + ALPHANUMERIC.indexOf(text[i + 1]), 11);
		else data.put(first, 6);
	}
	return { mode: 'alphanumeric', count: text.length, data, utf8Eci: false };
}

export function countBits(mode: QrMode, version: number): number {
	return COUNT_BITS[mode][version <= 9 ? 0 : version <= 26 ? 1 : 2];
}

/** The segment's whole bit length at a version: header, count and data. */
export function segmentBits(segment: Segment, version: number): number {
	return (segment.utf8Eci ? 12 : 0) + 4 + countBits(segment.mode, version) + segment.data.length;
}

/** Writes the segment, header first, into `out`. */
export function writeSegment(segment: Segment, version: number, out: BitBuffer): void {
	if (segment.utf8Eci) {
		out.put(ECI_INDICATOR, 4);
		out.put(ECI_UTF8, 8);
	}
	out.put(MODE_INDICATOR[segment.mode], 4);
	out.put(segment.count, countBits(segment.mode, version));
	segment.data.bits.forEach((bit) => out.put(bit, 1));
}
