/**
 * Reed–Solomon error correction over GF(256) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11d):
 * the error correction codewords of one block are the remainder of its data divided by the
 * generator polynomial of that degree.
 */

/** The product of two field elements (Russian peasant multiplication, reduced by 0x11d). */
export function gfMultiply(a: number, b: number): number {
	let product = 0;
	for (let bit = 7; bit >= 0; bit--) {
		product = (product << 1) ^ ((product >>> 7) * 0x11d);
		product ^= ((b >>> bit) & 1) * a;
	}
	return product & 0xff;
}

/**
 * The generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)), its coefficients from the highest
 * power down, the leading 1 left out.
 */
export function generatorPolynomial(degree: number): number[] {
	const coefficients = new Array<number>(degree).fill(0);
	coefficients[degree - 1] = 1;
	let root = 1;
	for (let i = 0; i < degree; i++) {
		for (let j = 0; j < degree; j++) {
			coefficients[j] = gfMultiply(coefficients[j], root);
			if (j + 1 < degree) coefficients[j] ^= coefficients[j + 1];
		}
		root = gfMultiply(root, 0x02);
	}
	return coefficients;
}

/** The error correction codewords of `data` for a generator of the given coefficients. */
export function reedSolomonRemainder(data: number[], generator: number[]): number[] {
	const remainder = new Array<number>(generator.length).fill(0);
	for (const codeword of data) {
		const factor = codeword ^ (remainder.shift() as number);
		remainder.push(0);
		generator.forEach((coefficient, i) => (remainder[i] ^= gfMultiply(coefficient, factor)));
	}
	return remainder;
}
