import { encodeData } from '../../../../nodes/shared/qr/dataCodewords';
import { interleavedCodewords } from '../../../../nodes/shared/qr/interleave';

describe('the codewords of published examples', () => {
	it('ISO/IEC 18004 annex I: "01234567" at 1-M, its data and Reed–Solomon codewords', () => {
		const data = encodeData('01234567', 'M');
		expect(data.version).toBe(1);
		expect(data.codewords).toEqual([
			0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec,
			0x11,
		]);
		expect(interleavedCodewords(data.codewords, 1, 'M').slice(16)).toEqual([
			0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55,
		]);
	});

	it('"HELLO WORLD" at 1-M, as the common worked example gives it', () => {
		const data = encodeData('HELLO WORLD', 'M');
		expect(data.codewords).toEqual([
			32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17,
		]);
		expect(interleavedCodewords(data.codewords, 1, 'M').slice(16)).toEqual([
			196, 35, 39, 119, 235, 215, 231, 226, 93, 23,
		]);
	});

	it('interleaves blocks of two lengths (5-Q: two blocks of 15 data codewords, two of 16)', () => {
		const data = Array.from({ length: 62 }, (_, i) => i);
		const sequence = interleavedCodewords(data, 5, 'Q');
		expect(sequence).toHaveLength(134);
		// Columns of the four blocks, starting at 0, 15, 30 and 46; only the long blocks have a 16th.
		expect(sequence.slice(0, 8)).toEqual([0, 15, 30, 46, 1, 16, 31, 47]);
		expect(sequence.slice(56, 62)).toEqual([14, 29, 44, 60, 45, 61]);
	});
});
