/**
 * Reads a QR image the node made as a phone would: the PNG decoded to pixels by pngjs, the code
 * found and decoded by jsQR (neither knows the package's encoder). An SVG is drawn to pixels from
 * its path (the one shape qrSvg writes: rows of rectangles `M x y h w v1 h-w z`).
 */
import jsQR from 'jsqr';
import type { QRCode } from 'jsqr';
import { PNG } from 'pngjs';

export function decodePng(png: Buffer): QRCode | null {
	const image = PNG.sync.read(png);
	return jsQR(new Uint8ClampedArray(image.data), image.width, image.height, {
		inversionAttempts: 'dontInvert',
	});
}

/** The SVG's dark rectangles drawn at `scale` pixels a module, then decoded. */
export function decodeSvg(svg: string, scale = 3): QRCode | null {
	const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
	const path = /<path d="([^"]*)"/.exec(svg);
	if (!viewBox || !path) throw new Error('not an SVG of qrSvg');
	const modules = Number(viewBox[1]);
	const width = modules * scale;
	const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
	for (const [, x, y, w] of path[1].matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
		for (let row = Number(y) * scale; row < (Number(y) + 1) * scale; row++)
			for (let column = Number(x) * scale; column < (Number(x) + Number(w)) * scale; column++)
				pixels.fill(0, (row * width + column) * 4, (row * width + column) * 4 + 3);
	return jsQR(pixels, width, width, { inversionAttempts: 'dontInvert' });
}
