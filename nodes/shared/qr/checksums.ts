/**
 * The two checksums a PNG needs, written here because a community node may not import zlib:
 * CRC-32 (ISO 3309, polynomial 0xedb88320 reflected) closes every chunk, Adler-32 closes the zlib
 * stream inside the image data.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

/** Adler-32 (RFC 1950): two sums modulo 65521, reduced every 5552 bytes so they stay exact. */
export function adler32(bytes: Uint8Array): number {
	let a = 1;
	let b = 0;
	for (let start = 0; start < bytes.length; start += 5552) {
		const end = Math.min(start + 5552, bytes.length);
		for (let i = start; i < end; i++) {
			a += bytes[i];
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return ((b << 16) | a) >>> 0;
}
