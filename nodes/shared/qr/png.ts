/**
 * The symbol as a PNG: one bit per pixel, greyscale (dark 0, light 1), no interlace. The image
 * data is a zlib stream of stored (uncompressed) deflate blocks, which every PNG reader takes:
 * n8n's rules let a community node import no zlib, so nothing here compresses. Each row costs a
 * filter byte and a bit per pixel; each stored block of up to 65,535 bytes adds 5 bytes.
 */
import { adler32, crc32 } from './checksums';
import type { QrCode } from './qrCode';
import { darkWithQuietZone, modulesWithQuietZone } from './qrImage';
import type { QrImageOptions } from './qrImage';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const STORED_BLOCK_MOST = 65535;

export function qrPng(code: QrCode, options: QrImageOptions): Buffer {
	const width = modulesWithQuietZone(code) * options.pixelsPerModule;
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(width, 4);
	// Bit depth 1, colour type 0 (greyscale), deflate, adaptive filtering, no interlace.
	header.set([1, 0, 0, 0, 0], 8);
	return Buffer.concat([
		Buffer.from(SIGNATURE),
		chunk('IHDR', header),
		chunk('IDAT', storedZlib(scanlines(code, options.pixelsPerModule, width))),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/** Every row of pixels, each after its filter byte 0 (none), eight pixels a byte, light set. */
export function scanlines(code: QrCode, pixelsPerModule: number, width: number): Buffer {
	const rowBytes = 1 + Math.ceil(width / 8);
	const moduleRow = Buffer.alloc(rowBytes);
	const out = Buffer.alloc(rowBytes * width);
	for (let y = 0; y < width / pixelsPerModule; y++) {
		moduleRow.fill(0);
		for (let x = 0; x < width; x++)
			if (!darkWithQuietZone(code, Math.floor(x / pixelsPerModule), y))
				moduleRow[1 + (x >>> 3)] |= 0x80 >>> (x & 7);
		// A module's rows are all alike.
		for (let repeat = 0; repeat < pixelsPerModule; repeat++)
			moduleRow.copy(out, (y * pixelsPerModule + repeat) * rowBytes);
	}
	return out;
}

/** A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951, 3.2.4). */
export function storedZlib(data: Buffer): Buffer {
	const blocks: Buffer[] = [Buffer.from([0x78, 0x01])];
	for (let start = 0; start < data.length || start === 0; start += STORED_BLOCK_MOST) {
		const part = data.subarray(start, start + STORED_BLOCK_MOST);
		const head = Buffer.alloc(5);
		head[0] = start + STORED_BLOCK_MOST >= data.length ? 1 : 0;
		head.writeUInt16LE(part.length, 1);
		head.writeUInt16LE(~part.length & 0xffff, 3);
		blocks.push(head, part);
	}
	const check = Buffer.alloc(4);
	check.writeUInt32BE(adler32(data), 0);
	return Buffer.concat([...blocks, check]);
}

function chunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length, 0);
	const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(typeAndData), 0);
	return Buffer.concat([length, typeAndData, crc]);
}
