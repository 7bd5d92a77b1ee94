/**
 * The symbol's final codeword sequence: the data split into the level's blocks (the short blocks
 * first, the long ones one codeword longer), each block's Reed–Solomon codewords computed, then
 * the data codewords of every block interleaved, and then their error correction codewords.
 */
import { blockCount, eccCodewordsPerBlock, totalCodewords } from './errorCorrection';
import type { QrLevel } from './errorCorrection';
import { generatorPolynomial, reedSolomonRemainder } from './reedSolomon';

export function interleavedCodewords(data: number[], version: number, level: QrLevel): number[] {
	const blocks = blockCount(version, level);
	const eccLength = eccCodewordsPerBlock(version, level);
	const total = totalCodewords(version);
	const shortBlocks = blocks - (total % blocks);
	const shortDataLength = Math.floor(total / blocks) - eccLength;
	const generator = generatorPolynomial(eccLength);
	const dataBlocks: number[][] = [];
	const eccBlocks: number[][] = [];
	for (let block = 0, start = 0; block < blocks; block++) {
		const length = shortDataLength + (block < shortBlocks ? 0 : 1);
		const blockData = data.slice(start, start + length);
		start += length;
		dataBlocks.push(blockData);
		eccBlocks.push(reedSolomonRemainder(blockData, generator));
	}
	return [...columnsOf(dataBlocks, shortDataLength + 1), ...columnsOf(eccBlocks, eccLength)];
}

/** The blocks read column by column (a short block has nothing in its last column). */
function columnsOf(blocks: number[][], longest: number): number[] {
	const out: number[] = [];
	for (let column = 0; column < longest; column++)
		for (const block of blocks) if (column < block.length) out.push(block[column]);
	return out;
}
