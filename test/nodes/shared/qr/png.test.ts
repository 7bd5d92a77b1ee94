import { crc32 as zlibCrc32, deflateSync, inflateSync } from 'zlib';
import fc from 'fast-check';
import { PNG } from 'pngjs';

import { adler32, crc32 } from '../../../../nodes/shared/qr/checksums';
import { qrPng, storedZlib } from '../../../../nodes/shared/qr/png';
import { encodeQr } from '../../../../nodes/shared/qr/qrCode';
import { decodePng } from '../../../harness/qrDecode';

/** Adler-32 as zlib computes it: the last four bytes of its stream. */
function zlibAdler32(bytes: Uint8Array): number {
	const stream = deflateSync(bytes);
	return stream.readUInt32BE(stream.length - 4);
}

describe('the PNG writer, without zlib', () => {
	it('computes CRC-32 and Adler-32 as zlib does', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 12000 }), (bytes) => {
				expect(crc32(bytes)).toBe(zlibCrc32(bytes));
				expect(adler32(bytes)).toBe(zlibAdler32(bytes));
			}),
			{ numRuns: 80 },
		);
		// Long enough that Adler-32's sums must be reduced on the way.
		const long = new Uint8Array(200000).fill(255);
		expect(adler32(long)).toBe(zlibAdler32(long));
	});

	it('writes a zlib stream of stored blocks that zlib inflates to the same bytes', () => {
		for (const length of [0, 1, 65535, 65536, 200000]) {
			const data = Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 256));
			expect(inflateSync(storedZlib(data)).equals(data)).toBe(true);
		}
	});

	it('makes a 1-bit greyscale PNG of the symbol, quiet zone included, that pngjs reads', () => {
		const code = encodeQr('https://pay.example/pay/abc123');
		const png = qrPng(code, { pixelsPerModule: 5 });
		const image = PNG.sync.read(png);
		expect(image.width).toBe((code.size + 8) * 5);
		expect(image.height).toBe(image.width);
		const pixel = (x: number, y: number) => image.data[(y * image.width + x) * 4];
		// The quiet zone is light; the finder's corner, just past it, is dark.
		expect(pixel(19, 19)).toBe(255);
		expect(pixel(20, 20)).toBe(0);
		expect(decodePng(png)?.data).toBe('https://pay.example/pay/abc123');
	});

	it('costs what stored blocks cost: raw rows, 5 bytes a block, against a compressed PNG', () => {
		const code = encodeQr('https://pay.example/pay/abc123');
		const png = qrPng(code, { pixelsPerModule: 8 });
		const width = (code.size + 8) * 8;
		const rows = (1 + Math.ceil(width / 8)) * width;
		// Signature, IHDR, IDAT (zlib header, one stored block head, rows, Adler-32), IEND.
		expect(png.length).toBe(8 + 25 + 12 + 2 + 5 + rows + 4 + 12);
		expect(deflateSync(Buffer.alloc(rows)).length).toBeLessThan(rows / 10);
	});
});
