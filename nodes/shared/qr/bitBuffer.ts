/** Bits written most significant first, as a QR symbol's data stream is. */
export class BitBuffer {
	readonly bits: number[] = [];

	/** Writes the lowest `length` bits of `value`. */
	put(value: number, length: number): void {
		for (let bit = length - 1; bit >= 0; bit--) this.bits.push((value >>> bit) & 1);
	}

	get length(): number {
		return this.bits.length;
	}

	/** The bits as bytes, the last one padded with zeros. */
	toBytes(): number[] {
		const bytes = new Array<number>(Math.ceil(this.bits.length / 8)).fill(0);
		this.bits.forEach((bit, i) => (bytes[i >>> 3] |= bit << (7 - (i & 7))));
		return bytes;
	}
}
